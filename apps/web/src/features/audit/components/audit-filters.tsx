import { AUDIT_ACTIONS, type AuditAction } from "@conversa/shared";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { AuditFilterOption } from "../api/list-options.ts";
import { type AuditFilter, EMPTY_AUDIT_FILTER, isPeriodReversed } from "../utils/audit-filter.ts";
import { useAuditActionLabel } from "./audit-action-label.ts";

interface AuditFiltersProps {
  value: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  users: readonly AuditFilterOption[];
  /** Super users only: the company filter is shown when set. */
  companies?: readonly AuditFilterOption[];
}

const isAuditAction = (value: string): value is AuditAction => AUDIT_ACTIONS.some((action) => action === value);

/** The Auditoria page's filters: action, actor, target, period and, for super users, company. */
export function AuditFilters({ value, onChange, users, companies }: AuditFiltersProps) {
  const { t } = useTranslation();
  const actionLabel = useAuditActionLabel();
  const set = (patch: Partial<AuditFilter>) => onChange({ ...value, ...patch });
  const reversed = isPeriodReversed(value);
  const small = { size: "small" } as const;
  // The browser's own date picker follows the colour mode too.
  const date = { ...small, type: "date", slotProps: { inputLabel: { shrink: true } }, sx: { width: 160, "& input": { colorScheme: (theme: Theme) => theme.palette.mode } } } as const;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1.5, mb: 2 }}>
      <TextField
        {...small}
        select
        label={t("audit.filters.action")}
        value={value.action}
        onChange={(event) => set({ action: isAuditAction(event.target.value) ? event.target.value : "" })}
        sx={{ width: 260 }}
      >
        <MenuItem value="">{t("audit.filters.anyAction")}</MenuItem>
        {AUDIT_ACTIONS.map((action) => (
          <MenuItem key={action} value={action}>
            {actionLabel(action)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...small} select label={t("audit.filters.actor")} value={value.userId} onChange={(event) => set({ userId: event.target.value })} sx={{ width: 200 }}>
        <MenuItem value="">{t("audit.filters.anyActor")}</MenuItem>
        {users.map((user) => (
          <MenuItem key={user.id} value={String(user.id)}>
            {user.name}
          </MenuItem>
        ))}
      </TextField>
      {companies && (
        <TextField {...small} select label={t("audit.filters.company")} value={value.companyId} onChange={(event) => set({ companyId: event.target.value })} sx={{ width: 200 }}>
          <MenuItem value="">{t("audit.filters.anyCompany")}</MenuItem>
          {companies.map((company) => (
            <MenuItem key={company.id} value={String(company.id)}>
              {company.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        {...small}
        label={t("audit.filters.targetType")}
        value={value.targetType}
        onChange={(event) => set({ targetType: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        sx={{ width: 150 }}
      />
      <TextField
        {...small}
        label={t("audit.filters.targetId")}
        value={value.targetId}
        onChange={(event) => set({ targetId: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        sx={{ width: 130 }}
      />
      <TextField
        {...date}
        label={t("audit.filters.from")}
        value={value.dateFrom}
        onChange={(event) => set({ dateFrom: event.target.value })}
        error={reversed}
        helperText={reversed ? t("audit.filters.reversed") : undefined}
      />
      <TextField {...date} label={t("audit.filters.to")} value={value.dateTo} onChange={(event) => set({ dateTo: event.target.value })} error={reversed} />
      <Button onClick={() => onChange(EMPTY_AUDIT_FILTER)} sx={{ alignSelf: "flex-start", mt: 0.25 }}>
        {t("audit.filters.clear")}
      </Button>
    </Stack>
  );
}
