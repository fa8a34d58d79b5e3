import { isErrorCode, ZStorageQuotaDetails, ZSubscriptionExpiredDetails, ZTicketHolderDetails, ZUrlNotAllowedDetails } from "@conversa/shared";
import { ApiError } from "./api-client.ts";
import { formatBytes } from "./bytes.ts";
import { DATE_PATTERNS, formatDate } from "./date.ts";
import { currentLanguage, i18n } from "./i18n.ts";

/** The catalogue text of an error code a record carries (a campaign's pause reason); the code itself when unknown. */
export function errorCodeMessage(code: string): string {
  return isErrorCode(code) ? i18n.t(`errors.${code}`) : code;
}

/**
 * The text a user reads for a failure: the catalogue text of a known code (with what its details
 * name, for the few that carry some), the raw message (or code) of an unknown one, otherwise
 * "An error occurred!" in the active language.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || !error.code) return i18n.t("errors.generic");
  if (error.code === "ERR_SUBSCRIPTION_EXPIRED") {
    const details = ZSubscriptionExpiredDetails.safeParse(error.details);
    const date = details.success ? formatDate(details.data.dueDate, DATE_PATTERNS.day, currentLanguage()) : "";
    return i18n.t("errors.ERR_SUBSCRIPTION_EXPIRED", { date });
  }
  if (error.code === "ERR_URL_NOT_ALLOWED") {
    // Why the server may not call the address, in the user's language.
    const details = ZUrlNotAllowedDetails.safeParse(error.details);
    const reason = details.success ? i18n.t(`urlRefusals.${details.data.reason}`) : i18n.t("urlRefusals.reserved");
    return i18n.t("errors.ERR_URL_NOT_ALLOWED", { reason });
  }
  if (error.code === "ERR_TICKET_ALREADY_ACCEPTED" || error.code === "ERR_TICKET_HELD_BY_OTHER") {
    // Named after the attendant who holds the ticket, when the answer says who.
    const holder = ZTicketHolderDetails.safeParse(error.details);
    if (holder.success && holder.data.userName) return i18n.t(`ticketHolderErrors.${error.code}`, { user: holder.data.userName });
  }
  if (error.code === "ERR_STORAGE_QUOTA") {
    // With what the company uses and its quota, when the answer says.
    const quota = ZStorageQuotaDetails.safeParse(error.details);
    if (quota.success) {
      const language = currentLanguage();
      return i18n.t("storageErrors.ERR_STORAGE_QUOTA", { used: formatBytes(quota.data.usedBytes, language), quota: formatBytes(quota.data.quotaBytes, language) });
    }
  }
  if (isErrorCode(error.code)) return i18n.t(`errors.${error.code}`);
  return error.message || error.code;
}
