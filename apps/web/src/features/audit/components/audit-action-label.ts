import type { AuditAction } from "@conversa/shared";
import { useTranslation } from "react-i18next";

/** The readable label of an audit action in the interface's language. */
export function useAuditActionLabel(): (action: AuditAction) => string {
  const { t } = useTranslation();
  return (action) => t(`audit.actions.${action}`);
}
