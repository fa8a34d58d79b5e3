import { zodResolver } from "@hookform/resolvers/zod";
import { type Actor, PROFILES, type User, can } from "@conversa/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { type ReactNode, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { RecordDialogContent } from "../../../components/list/index.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { showToast } from "../../../lib/toast.ts";
import { useUser } from "../api/get-user.ts";
import { useSaveUser } from "../api/save-user.ts";
import { type UserFormPermissions, type UserFormSchema, buildUserFormSchema, toCreateUserBody, toUpdateUserBody, userFormValues } from "../utils/user-form.ts";
import { PasswordField } from "./password-field.tsx";
import { QueuesSelect } from "./queues-select.tsx";
import { WhatsappSelect } from "./whatsapp-select.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

type FormInput = z.input<UserFormSchema>;
type FormOutput = z.output<UserFormSchema>;

export interface UserDialogProps {
  open: boolean;
  /** The user to edit; null adds a new one. */
  userId: number | null;
  /** Who is editing: the profile, queue, connection and allTicket controls follow their permissions. */
  actor: Actor;
  /** The dialog opened from the account menu's Profile: titled as the user's own profile. */
  isProfile?: boolean;
  /** The signed-in user: editing themselves, a new password needs the current one. */
  currentUserId?: number;
  onClose: () => void;
  /** After a successful save, with the saved user. */
  onSaved?: (user: User) => void;
  /** Shown under the fields when editing (Profile's own sections, such as two-step verification). */
  extra?: ReactNode;
}

/** Add or edit a user (spec core §2 dialogs); also the signed-in user's Profile. */
export function UserDialog({ open, userId, actor, isProfile = false, currentUserId, onClose, onSaved, extra }: UserDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = isProfile ? "users.dialog.profileTitle" : userId === null ? "users.dialog.addTitle" : "users.dialog.editTitle";
  const permissions: UserFormPermissions = { canEditProfile: can(actor, "user-modal:editProfile"), canEditQueues: can(actor, "user-modal:editQueues") };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{t(title)}</DialogTitle>
      {/* Mounted while the dialog is open: every opening starts from the server's current data. */}
      {userId === null ? (
        <UserForm user={undefined} permissions={permissions} onClose={onClose} onSaved={onSaved} />
      ) : (
        <EditUser userId={userId} isSelf={isProfile || userId === currentUserId} permissions={permissions} onClose={onClose} onSaved={onSaved} extra={extra} />
      )}
    </Dialog>
  );
}

interface FormProps {
  permissions: UserFormPermissions;
  /** The signed-in user edits themselves. */
  isSelf?: boolean;
  onClose: () => void;
  onSaved?: (user: User) => void;
  extra?: ReactNode;
}

function EditUser({ userId, ...props }: FormProps & { userId: number }) {
  const { t } = useTranslation();
  const user = useUser(userId);
  return (
    <RecordDialogContent query={user} loadFailed={t("users.loadFailed")}>
      {(record) => <UserForm user={record} {...props} />}
    </RecordDialogContent>
  );
}

function UserForm({ user, permissions, isSelf = false, onClose, onSaved, extra }: FormProps & { user: User | undefined }) {
  const { t } = useTranslation();
  const isNew = user === undefined;
  const schema = useMemo(() => buildUserFormSchema(t, isNew, isSelf), [t, isNew, isSelf]);
  const save = useSaveUser();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: userFormValues(user) });

  const formId = useId();
  const onSubmit = async (values: FormOutput) => {
    try {
      const saved = await save.mutateAsync(
        user === undefined ? { id: null, body: toCreateUserBody(values, permissions) } : { id: user.id, body: toUpdateUserBody(values, permissions) },
      );
      showToast(t("list.saved"), "success");
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // Under the refused fields and as a toast; these two codes are marked on their field too.
      showFormError(error, hookFormFields({ getValues, setError }));
      if (error instanceof ApiError && error.code === "ERR_EMAIL_ALREADY_EXISTS") setError("email", { message: t("errors.ERR_EMAIL_ALREADY_EXISTS") });
      if (error instanceof ApiError && error.code === "ERR_WRONG_PASSWORD") setError("currentPassword", { message: t("errors.ERR_WRONG_PASSWORD") });
    }
  };
  const asksCurrentPassword = isSelf && !isNew && watch("password") !== "";

  return (
    <>
      <DialogContent dividers>
        {/* The form holds the user's fields only: `extra` (Profile's two-step section) has forms of its own, and forms never nest. */}
        <Box component="form" id={formId} noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2 }}>
          <TextField
            {...register("name")}
            label={t("users.form.name")}
            required
            autoFocus
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            {...register("email")}
            label={t("users.form.email")}
            type="email"
            required
            fullWidth
            autoComplete="off"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <PasswordField
            {...register("password")}
            label={t("users.form.password")}
            required={isNew}
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? (isNew ? undefined : t("users.form.passwordKeep"))}
          />
          {asksCurrentPassword && (
            <PasswordField
              {...register("currentPassword")}
              label={t("users.form.currentPassword")}
              required
              error={Boolean(errors.currentPassword)}
              helperText={errors.currentPassword?.message ?? t("users.form.currentPasswordHelp")}
            />
          )}
          {permissions.canEditProfile && (
            <Controller
              control={control}
              name="profile"
              render={({ field }) => (
                <TextField select label={t("users.form.profile")} fullWidth name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                  {PROFILES.map((profile) => (
                    <MenuItem key={profile} value={profile}>
                      {t(`users.profiles.${profile}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {permissions.canEditQueues && (
            <>
              <Box sx={{ gridColumn: { sm: "1 / -1" } }}>
                <Controller control={control} name="queueIds" render={({ field }) => <QueuesSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} />} />
              </Box>
              <Controller control={control} name="whatsappId" render={({ field }) => <WhatsappSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} />} />
              <Controller
                control={control}
                name="allTicket"
                render={({ field }) => (
                  <TextField select label={t("users.form.allTicket")} fullWidth name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur}>
                    <MenuItem value="enabled">{t("users.form.allTicketEnabled")}</MenuItem>
                    <MenuItem value="desabled">{t("users.form.allTicketDisabled")}</MenuItem>
                  </TextField>
                )}
              />
            </>
          )}
        </Box>
        {extra}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={isSubmitting}>
          {t(isNew ? "users.dialog.add" : "users.dialog.save")}
        </Button>
      </DialogActions>
    </>
  );
}
