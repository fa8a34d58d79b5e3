import { DISTRIBUTION_STRATEGIES, type DistributionRule, type Queue, type RuleBody, type UserListItem } from "@conversa/shared";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showFormError, stateFormFields } from "../../../../lib/form-errors.ts";
import { showToast } from "../../../../lib/toast.ts";
import { useSaveRule } from "../../api/rules.ts";

interface RuleDialogProps {
  storeId: number;
  rule: DistributionRule | null;
  queues: readonly Queue[];
  users: readonly UserListItem[];
  onClose: () => void;
}

/** Adds or edits a distribution rule: match (keywords or a regular expression), strategy, online only, target queue, candidates and their order. */
export function RuleDialog({ storeId, rule, queues, users, onClose }: RuleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveRule();
  const [name, setName] = useState(rule?.name ?? "");
  const [matchType, setMatchType] = useState<RuleBody["matchType"]>(rule?.matchType ?? "keywords");
  const [match, setMatch] = useState(rule?.match ?? "");
  const [strategy, setStrategy] = useState<RuleBody["strategy"]>(rule?.strategy ?? "least_load");
  const [onlineOnly, setOnlineOnly] = useState(rule?.onlineOnly ?? true);
  const [queueId, setQueueId] = useState<number | null>(rule?.queueId ?? null);
  const [userIds, setUserIds] = useState<number[]>(rule?.userIds ?? []);
  const [orderedUserIds, setOrderedUserIds] = useState<number[]>(rule?.orderedUserIds ?? []);
  const [position, setPosition] = useState(String(rule?.position ?? 0));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const byId = new Map(users.map((user) => [user.id, user]));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t("queues.validation.required");
    if (!match.trim()) found.match = t("queues.validation.required");
    if (!/^\d{1,5}$/.test(position.trim())) found.position = t("queues.validation.invalidOrder");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: RuleBody = { name: name.trim(), matchType, match: match.trim(), strategy, onlineOnly, queueId, userIds, orderedUserIds, position: Number(position) };
    save.mutate(
      { storeId, ruleId: rule?.id ?? null, body },
      {
        onSuccess: () => {
          showToast(t("distribution.saved"), "success");
          onClose();
        },
        onError: (error) => showFormError(error, stateFormFields(["name", "match", "position"], (field, message) => setErrors((current) => ({ ...current, [field]: message })))),
      },
    );
  };

  const userPicker = (label: string, value: number[], onChange: (ids: number[]) => void, helper: string) => (
    <Autocomplete
      multiple
      options={users.map((user) => user.id)}
      value={value}
      onChange={(_event, ids) => onChange(ids)}
      getOptionLabel={(id) => byId.get(id)?.name ?? `#${id}`}
      renderInput={(params) => <TextField {...params} label={label} helperText={helper} />}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(rule ? "distribution.rules.editTitle" : "distribution.rules.addTitle")}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField label={t("distribution.rules.name")} value={name} onChange={(e) => setName(e.target.value)} required autoFocus fullWidth error={Boolean(errors.name)} helperText={errors.name} />
              <TextField
                label={t("distribution.rules.position")}
                value={position}
                onChange={(e) => setPosition(e.target.value)}
                sx={{ width: { sm: 140 } }}
                error={Boolean(errors.position)}
                helperText={errors.position ?? t("distribution.rules.positionHint")}
                slotProps={{ htmlInput: { inputMode: "numeric" } }}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField select label={t("distribution.rules.matchType")} value={matchType} onChange={(e) => setMatchType(e.target.value === "regex" ? "regex" : "keywords")} sx={{ minWidth: 200 }}>
                <MenuItem value="keywords">{t("distribution.matchTypes.keywords")}</MenuItem>
                <MenuItem value="regex">{t("distribution.matchTypes.regex")}</MenuItem>
              </TextField>
              <TextField
                label={t("distribution.rules.match")}
                value={match}
                onChange={(e) => setMatch(e.target.value)}
                required
                fullWidth
                error={Boolean(errors.match)}
                helperText={errors.match ?? t(matchType === "regex" ? "distribution.rules.regexHint" : "distribution.rules.keywordsHint")}
              />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField
                select
                label={t("distribution.rules.strategy")}
                value={strategy}
                onChange={(e) => setStrategy(DISTRIBUTION_STRATEGIES.find((value) => value === e.target.value) ?? "least_load")}
                fullWidth
              >
                {DISTRIBUTION_STRATEGIES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`distribution.strategies.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label={t("distribution.rules.queue")} value={queueId ?? ""} onChange={(e) => setQueueId(e.target.value === "" ? null : Number(e.target.value))} fullWidth>
                <MenuItem value="">{t("distribution.rules.sameQueue")}</MenuItem>
                {queues.map((queue) => (
                  <MenuItem key={queue.id} value={queue.id}>
                    {queue.name}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <FormControlLabel control={<Switch checked={onlineOnly} onChange={(e) => setOnlineOnly(e.target.checked)} />} label={t("distribution.rules.onlineOnly")} />
            {userPicker(t("distribution.rules.users"), userIds, setUserIds, t("distribution.rules.usersHint"))}
            {userPicker(t("distribution.rules.orderedUsers"), orderedUserIds, setOrderedUserIds, t("distribution.rules.orderedUsersHint"))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t("distribution.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
