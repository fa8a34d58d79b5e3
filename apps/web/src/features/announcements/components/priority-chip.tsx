import type { AnnouncementPriority } from "@conversa/shared";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";
import { PRIORITY_STYLES } from "../utils/announcement-priority.ts";

/** An announcement's priority as a coloured chip: high red, medium orange, low grey. */
export function PriorityChip({ priority }: { priority: AnnouncementPriority }) {
  const { t } = useTranslation();
  const style = PRIORITY_STYLES[priority];
  return <Chip size="small" color={style.chip} label={t(style.labelKey)} data-priority={priority} />;
}
