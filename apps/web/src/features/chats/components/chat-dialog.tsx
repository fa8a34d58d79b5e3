import { zodResolver } from "@hookform/resolvers/zod";
import { type Chat, CHAT_TITLE_MAX, TIMINGS } from "@conversa/shared";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useChatUsers } from "../api/list-users.ts";
import { useSaveChat } from "../api/save-chat.ts";
import { type ChatFormValues, type ChatMemberOption, buildChatFormSchema, chatFormValues, toChatBody } from "../utils/chat-form.ts";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

interface ChatDialogProps {
  open: boolean;
  /** The chat to edit (its owner only); null opens a new one. */
  chat: Chat | null;
  userId: number;
  onClose: () => void;
  /** After a save: the chat as the server answered it. */
  onSaved: (chat: Chat) => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** New chat, or edit of one's own chat: a title and the users of the company who take part. */
export function ChatDialog({ open, chat, userId, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(chat ? "chats.dialog.editTitle" : "chats.dialog.addTitle")}</DialogTitle>
      {/* Mounted while open: every opening starts from the chat as it is now. */}
      {open && <ChatForm key={chat?.id ?? "new"} chat={chat} userId={userId} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function ChatForm({ chat, userId, onClose, onSaved }: Omit<ChatDialogProps, "open">) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildChatFormSchema(t), [t]);
  const users = useChatUsers(true);
  const save = useSaveChat(userId);
  const options = useMemo<ChatMemberOption[]>(() => (users.data ?? []).filter((user) => user.id !== userId).map((user) => ({ id: user.id, name: user.name })), [users.data, userId]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ChatFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: chatFormValues(chat) });

  const onSubmit = async (values: ChatFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      const saved = await save.mutateAsync({ id: chat?.id ?? null, body: toChatBody(values) });
      onSaved(saved);
      onClose();
    } catch (error) {
      // Said under the refused fields and as a toast; the dialog stays open.
      showFormError(error, hookFormFields({ getValues, setError }));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            {...register("title")}
            label={t("chats.dialog.title")}
            required
            autoFocus
            fullWidth
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
            slotProps={{ htmlInput: { maxLength: CHAT_TITLE_MAX } }}
          />
          <Controller
            control={control}
            name="users"
            render={({ field }) => (
              <Autocomplete
                multiple
                options={options}
                value={field.value}
                onChange={(_event, value) => field.onChange(value)}
                onBlur={field.onBlur}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                loading={users.isPending}
                noOptionsText={t("chats.dialog.noUsers")}
                filterSelectedOptions
                renderInput={(params) => (
                  <TextField {...params} label={t("chats.dialog.users")} required error={Boolean(errors.users)} helperText={errors.users?.message} inputRef={field.ref} />
                )}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t(chat ? "chats.dialog.save" : "chats.dialog.add")}
        </Button>
      </DialogActions>
    </Box>
  );
}
