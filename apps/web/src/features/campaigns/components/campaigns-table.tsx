import type { Campaign } from "@conversa/shared";
import Assessment from "@mui/icons-material/AssessmentOutlined";
import PauseCircle from "@mui/icons-material/PauseCircleOutlined";
import PlayCircle from "@mui/icons-material/PlayCircleOutlined";
import Replay from "@mui/icons-material/Replay";
import Send from "@mui/icons-material/SendOutlined";
import StopCircle from "@mui/icons-material/StopCircleOutlined";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EditDeleteActions, ListStateRows, RowAction, RowActionsCell } from "../../../components/list/index.ts";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { type CampaignAction, campaignActions } from "../utils/campaign-status.ts";
import { CampaignStatusChip } from "./campaign-status-chip.tsx";

const COLUMNS = 7;

const ACTION_ICONS: Record<CampaignAction, ReactNode> = {
  cancel: <StopCircle fontSize="small" />,
  restart: <Replay fontSize="small" />,
  pause: <PauseCircle fontSize="small" />,
  resume: <PlayCircle fontSize="small" />,
};

interface CampaignsTableProps {
  campaigns: readonly Campaign[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onAction: (campaign: Campaign, action: CampaignAction) => void;
  onTestSend: (campaign: Campaign) => void;
  onReport: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/**
 * The campaigns (spec admin §2): name, status, contact list, connection, scheduling and completion, with
 * stop/restart (and pause/resume) as the status allows, a test send, the report, edit and delete.
 */
export function CampaignsTable({ campaigns, isLoading, isError, onRetry, onAction, onTestSend, onReport, onEdit, onDelete }: CampaignsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Table size="small" stickyHeader aria-label={t("menu.campaigns")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("campaigns.columns.name")}</TableCell>
          <TableCell>{t("campaigns.columns.status")}</TableCell>
          <TableCell>{t("campaigns.columns.contactList")}</TableCell>
          <TableCell>{t("campaigns.columns.whatsapp")}</TableCell>
          <TableCell>{t("campaigns.columns.scheduledAt")}</TableCell>
          <TableCell>{t("campaigns.columns.completedAt")}</TableCell>
          <TableCell align="right">{t("list.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <ListStateRows columns={COLUMNS} isLoading={isLoading} isError={isError} isEmpty={!isLoading && campaigns.length === 0} onRetry={onRetry} />
        {campaigns.map((campaign) => (
          <TableRow key={campaign.id} hover data-campaign-id={campaign.id}>
            <TableCell sx={{ fontWeight: 500 }}>{campaign.name}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              <CampaignStatusChip status={campaign.status} paused={campaign.pausedAt !== null} pauseReason={campaign.pauseReason} />
            </TableCell>
            <TableCell>{campaign.contactList?.name ?? <Muted>{t("campaigns.noContactList")}</Muted>}</TableCell>
            <TableCell>{campaign.whatsapp?.name ?? <Muted>{t("campaigns.noWhatsapp")}</Muted>}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              {campaign.scheduledAt ? formatDate(campaign.scheduledAt, DATE_PATTERNS.dateTime, language) : <Muted>{t("campaigns.noSchedule")}</Muted>}
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              {campaign.completedAt ? formatDate(campaign.completedAt, DATE_PATTERNS.dateTime, language) : <Muted>{t("campaigns.notCompleted")}</Muted>}
            </TableCell>
            <RowActionsCell>
              {campaignActions(campaign).map((action) => (
                <RowAction key={action} label={t(`campaigns.actions.${action}`)} subject={campaign.name} icon={ACTION_ICONS[action]} onClick={() => onAction(campaign, action)} />
              ))}
              <RowAction
                label={t("campaigns.actions.testSend")}
                subject={campaign.name}
                icon={<Send fontSize="small" />}
                onClick={() => onTestSend(campaign)}
                blockedBy={campaign.whatsappId === null ? t("campaigns.testSend.needsWhatsapp") : null}
              />
              <RowAction label={t("campaigns.actions.report")} subject={campaign.name} icon={<Assessment fontSize="small" />} onClick={() => onReport(campaign)} />
              <EditDeleteActions subject={campaign.name} onEdit={() => onEdit(campaign)} onDelete={() => onDelete(campaign)} />
            </RowActionsCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
