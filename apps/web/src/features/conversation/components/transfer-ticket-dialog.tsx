import { zodResolver } from "@hookform/resolvers/zod";
import { type Ticket, TIMINGS } from "@conversa/shared";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useId, useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useConnectionOptions } from "../api/list-connections.ts";
import { useQueues } from "../api/list-queues.ts";
import { type UserOption, useUsers } from "../api/list-users.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { filterByName, isSearchable } from "../utils/user-search.ts";
import { fieldRefusals, hookFormFields, translatedResolver } from "../../../lib/form-errors.ts";

interface TransferTicketDialogProps {
  open: boolean;
  ticket: Ticket;
  onClose: () => void;
  /** Performs the transfer (its refusal toasted, and given to onRefused); resolves whether it worked (the dialog closes then). */
  onTransfer: (body: { queueId: number; userId?: number; whatsappId?: number }, onRefused: (error: unknown) => void) => Promise<boolean>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function buildSchema(queueRequired: string) {
  return z.object({
    queueId: z
      .number()
      .int()
      .positive()
      .nullable()
      .refine((value): value is number => value !== null, queueRequired),
    whatsappId: z.number().int().positive().nullable(),
  });
}
type FormSchema = ReturnType<typeof buildSchema>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;

/**
 * Transfers a ticket (spec core §4): a queue is required; a user is searched from 3 characters,
 * 500 ms after typing stops, over GET /users/list; the connection is optional.
 */
export function TransferTicketDialog({ open, ticket, onClose, onTransfer }: TransferTicketDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t("conversation.transfer.title")}</DialogTitle>
      {open ? <TransferForm ticket={ticket} onClose={onClose} onTransfer={onTransfer} /> : null}
    </Dialog>
  );
}

function TransferForm({ ticket, onClose, onTransfer }: Omit<TransferTicketDialogProps, "open">) {
  const { t } = useTranslation();
  const schema = useMemo(() => buildSchema(t("conversation.transfer.queueRequired")), [t]);
  const queues = useQueues(true);
  const connections = useConnectionOptions(true);
  const [user, setUser] = useState<UserOption | null>(null);
  const [userInput, setUserInput] = useState("");
  const term = useDebouncedValue(userInput, TIMINGS.searchDebounceMs);
  const searching = isSearchable(term);
  const users = useUsers(searching);
  const userOptions = useMemo(() => filterByName(users.data ?? [], term), [users.data, term]);

  const {
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: translatedResolver(zodResolver(schema)),
    defaultValues: { queueId: null, whatsappId: null },
  });

  const onSubmit = async (values: FormOutput) => {
    await wait(TIMINGS.formSubmitDelayMs);
    const done = await onTransfer({
      queueId: values.queueId,
      ...(user ? { userId: user.id } : {}),
      ...(values.whatsappId !== null ? { whatsappId: values.whatsappId } : {}),
    }, (error) => {
      // The toast is the conversation's; a refused field is also shown under it.
      const setField = hookFormFields({ getValues, setError });
      for (const refusal of fieldRefusals(error)) setField(refusal.field, refusal.message);
    });
    if (done) onClose();
  };

  const noOptionsText = !isSearchable(userInput) ? t("conversation.transfer.userHint") : users.isFetching || userInput !== term ? t("common.loading") : t("conversation.transfer.noUsers");

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "contents" }}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
                options={userOptions}
                value={user}
                onChange={(_event, value) => setUser(value)}
                inputValue={userInput}
                onInputChange={(_event, value) => setUserInput(value)}
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                // The list is already filtered (from 3 characters, debounced).
                filterOptions={(options) => options}
                noOptionsText={noOptionsText}
                loading={searching && users.isFetching}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t("conversation.transfer.user")}
                    helperText={t("conversation.transfer.userHint")}
                    slotProps={{
                      ...params.slotProps,
                      input: {
                        ...params.slotProps.input,
                        endAdornment: (
                          <>
                            {searching && users.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                            {params.slotProps.input.endAdornment}
                          </>
                        ),
                      },
                    }}
                  />
                )}
              />
          <Controller
            control={control}
            name="queueId"
            render={({ field }) => (
              <TextField
                select
                required
                label={t("conversation.transfer.queue")}
                name={field.name}
                value={field.value ?? ""}
                onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
                onBlur={field.onBlur}
                error={Boolean(errors.queueId)}
                helperText={errors.queueId?.message}
                fullWidth
              >
                {(queues.data ?? []).map((queue) => (
                  <MenuItem key={queue.id} value={queue.id}>
                    <Box component="span" sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: queue.color, display: "inline-block", mr: 1 }} />
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
                label={t("conversation.transfer.connection")}
                name={field.name}
                value={field.value ?? ""}
                onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
                onBlur={field.onBlur}
                fullWidth
              >
                <MenuItem value="">
                  <em>{t("conversation.transfer.keepConnection", { name: ticket.whatsapp?.name ?? "" })}</em>
                </MenuItem>
                {(connections.data ?? []).map((connection) => (
                  <MenuItem key={connection.id} value={connection.id}>
                    {connection.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t("conversation.transfer.submit")}
        </Button>
      </DialogActions>
    </Box>
  );
}
