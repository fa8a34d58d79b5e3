import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import AltRoute from "@mui/icons-material/AltRoute";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { distributionLogKindOf } from "@conversa/shared";
import { useTranslation } from "react-i18next";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { type DistributionLog, useDistributionLogs } from "../api/list-distribution-logs.ts";

function LogEntry({ log }: { log: DistributionLog }) {
  const { t } = useTranslation();
  const from = log.fromQueueName ?? t("conversation.distribution.noQueue");
  const to = log.toQueueName ?? t("conversation.distribution.noQueue");
  const kind = log.strategy ? distributionLogKindOf(log.strategy) : undefined;
  const strategy = log.strategy ? (kind ? t(`conversation.distribution.strategies.${kind}`) : log.strategy) : null;
  const details = [
    t("conversation.distribution.user", { name: log.assignedUserName ?? t("conversation.distribution.noUser") }),
    strategy ? t("conversation.distribution.strategy", { name: strategy }) : null,
    log.ruleName ? `${log.storeName ?? ""} › ${log.ruleName}` : null,
    log.message,
  ].filter(Boolean);
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={
          <>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ mr: 1 }}>
              {formatDate(log.createdAt, DATE_PATTERNS.dateTime)}
            </Typography>
            {t("conversation.distribution.route", { from, to })}
          </>
        }
        secondary={details.join(" · ")}
      />
    </ListItem>
  );
}

interface DistributionLogToggleProps {
  open: boolean;
  regionId: string;
  /** Icon only, for narrow screens. */
  compact: boolean;
  onToggle: () => void;
}

/** Opens and closes the distribution history. */
export function DistributionLogToggle({ open, regionId, compact, onToggle }: DistributionLogToggleProps) {
  const { t } = useTranslation();
  const common = { "aria-expanded": open, "aria-controls": regionId, onClick: onToggle };
  if (compact) {
    return (
      <Tooltip title={t("conversation.distribution.title")}>
        <IconButton size="small" aria-label={t("conversation.distribution.title")} {...common}>
          <AltRoute fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Button size="small" color="inherit" startIcon={<AltRoute />} endIcon={open ? <ExpandLess /> : <ExpandMore />} {...common}>
      {t("conversation.distribution.title")}
    </Button>
  );
}

/** How the ticket was routed (spec core §2): the 50 latest entries, fetched when the history is opened. */
export function DistributionLogPanel({ ticketId, open, regionId }: { ticketId: number; open: boolean; regionId: string }) {
  const { t } = useTranslation();
  const logs = useDistributionLogs(ticketId, open);
  return (
    <Collapse in={open} unmountOnExit>
      <Box id={regionId} role="region" aria-label={t("conversation.distribution.title")} sx={{ maxHeight: 220, overflowY: "auto", px: 2, borderBottom: 1, borderColor: "divider" }}>
        {logs.isPending ? <CircularProgress size={20} aria-label={t("common.loading")} sx={{ m: 1 }} /> : null}
        {logs.data && logs.data.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t("conversation.distribution.empty")}
          </Typography>
        ) : null}
        {logs.data && logs.data.length > 0 ? (
          <List dense disablePadding>
            {logs.data.map((log) => (
              <LogEntry key={log.id} log={log} />
            ))}
          </List>
        ) : null}
      </Box>
    </Collapse>
  );
}
