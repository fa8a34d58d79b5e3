import { type Ticket, TIMINGS } from "@conversa/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useEffect, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ContactSearchField } from "../../../components/contact-search/contact-search-field.tsx";
import type { ContactOption } from "../../../components/contact-search/search-contacts.ts";
import { otherOpenTicketOf, type OtherOpenTicket, useCreateTicket } from "../api/create-ticket.ts";
import { type QueueOption, useConnectionOptions, useQueueOptions } from "../api/list-options.ts";
import type { TicketViewer } from "../utils/ticket-filter.ts";
import { buildNewTicketSchema, defaultConnectionId, type NewTicketFormValues } from "../utils/new-ticket-form.ts";
import { wait } from "../utils/wait.ts";
import { ContactFormDialog } from "./contact-form-dialog.tsx";
import { hookFormFields, showFormError, translatedResolver } from "../../../lib/form-errors.ts";

export interface NewTicketViewer extends TicketViewer {
  whatsappId: number | null;
  queues: readonly QueueOption[];
}

interface NewTicketDialogProps {
  open: boolean;
  viewer: NewTicketViewer;
  onClose: () => void;
  /** The ticket was opened: the caller shows it (/tickets/{uuid}). */
  onCreated: (ticket: Ticket) => void;
  /** A contact chosen before the dialog opened (e.g. from the contacts page). */
  initialContact?: ContactOption | null;
}

/** Opens a ticket for a contact: pick (or add) the contact, a queue and a connection. */
export function NewTicketDialog({ open, viewer, onClose, onCreated, initialContact = null }: NewTicketDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-ticket-title">
      <DialogTitle id="new-ticket-title">{t("tickets.newTicket.title")}</DialogTitle>
      {open ? <NewTicketForm viewer={viewer} onClose={onClose} onCreated={onCreated} initialContact={initialContact} /> : null}
    </Dialog>
  );
}

function NewTicketForm({ viewer, onClose, onCreated, initialContact }: Omit<NewTicketDialogProps, "open">) {
  const { t } = useTranslation();
  const isAdmin = viewer.profile === "admin";
  const schema = useMemo(() => buildNewTicketSchema(t, isAdmin), [t, isAdmin]);
  const allQueues = useQueueOptions(isAdmin);
  const connections = useConnectionOptions();
  const create = useCreateTicket();
  const [selected, setSelected] = useState<ContactOption | null>(initialContact ?? null);
  const [newContactName, setNewContactName] = useState<string | null>(null);
  const [otherTicket, setOtherTicket] = useState<OtherOpenTicket | null>(null);
  const queueOptions: readonly QueueOption[] = isAdmin ? (allQueues.data ?? viewer.queues) : viewer.queues;

  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<NewTicketFormValues>({
    resolver: translatedResolver(zodResolver(schema)),
    defaultValues: { contactId: initialContact?.id ?? null, queueId: viewer.queues.length === 1 ? (viewer.queues[0]?.id ?? "") : "", whatsappId: "" },
  });

  useEffect(() => {
    if (connections.data && getValues("whatsappId") === "") {
      setValue("whatsappId", defaultConnectionId(connections.data, viewer.whatsappId));
    }
  }, [connections.data, getValues, setValue, viewer.whatsappId]);

  const chooseContact = (contact: ContactOption | null) => {
    setSelected(contact);
    setOtherTicket(null);
    setValue("contactId", contact?.id ?? null, { shouldValidate: contact !== null });
  };

  const onSubmit = async (values: NewTicketFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    if (values.contactId === null) return;
    try {
      const ticket = await create.mutateAsync({
        contactId: values.contactId,
        queueId: values.queueId === "" ? null : values.queueId,
        whatsappId: values.whatsappId === "" ? null : values.whatsappId,
        userId: viewer.id,
        status: "open",
      });
      onCreated(ticket);
    } catch (error) {
      const other = otherOpenTicketOf(error);
      if (other) setOtherTicket(other);
      else showFormError(error, hookFormFields({ getValues, setError }));
    }
  };

  return (
    <>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <ContactSearchField
              label={t("tickets.newTicket.contact")}
              value={selected}
              onChange={chooseContact}
              onAdd={setNewContactName}
              error={errors.contactId?.message}
              autoFocus
            />
            <Controller
              control={control}
              name="queueId"
              render={({ field }) => (
                <TextField
                  select
                  label={t("tickets.newTicket.queue")}
                  required={!isAdmin}
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value === "" ? "" : Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(errors.queueId)}
                  helperText={errors.queueId?.message}
                >
                  {isAdmin ? <MenuItem value="">{t("tickets.noQueue")}</MenuItem> : null}
                  {queueOptions.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: queue.color, mr: 1, display: "inline-block" }} />
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="whatsappId"
              render={({ field }) => (
                <TextField
                  select
                  label={t("tickets.newTicket.connection")}
                  fullWidth
                  name={field.name}
                  value={connections.data?.some((connection) => connection.id === field.value) ? field.value : ""}
                  onChange={(event) => field.onChange(event.target.value === "" ? "" : Number(event.target.value))}
                  onBlur={field.onBlur}
                >
                  <MenuItem value="">{t("tickets.newTicket.defaultConnection")}</MenuItem>
                  {(connections.data ?? []).map((connection) => (
                    <MenuItem key={connection.id} value={connection.id}>
                      {connection.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {otherTicket ? (
              <Alert severity="warning">
                {otherTicket.userName
                  ? t("tickets.newTicket.otherOpenTicket", { user: otherTicket.userName, queue: otherTicket.queueName ?? t("tickets.noQueue") })
                  : otherTicket.reservedForName
                    ? t("tickets.newTicket.otherReservedTicket", { user: otherTicket.reservedForName, queue: otherTicket.queueName ?? t("tickets.noQueue") })
                    : t("tickets.newTicket.otherPendingTicket", { queue: otherTicket.queueName ?? t("tickets.noQueue") })}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("tickets.newTicket.submit")}
          </Button>
        </DialogActions>
      </Box>
      <ContactFormDialog
        initialName={newContactName}
        onClose={() => setNewContactName(null)}
        onCreated={(contact) => {
          setNewContactName(null);
          chooseContact(contact);
        }}
      />
    </>
  );
}
