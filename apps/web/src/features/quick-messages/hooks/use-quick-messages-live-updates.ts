import { ZQuickMessage } from "@conversa/shared";
import { useLiveRecords } from "../../../components/list/index.ts";
import { quickMessagesListPrefix } from "../api/query-keys.ts";
import { belongsToQuickMessageList } from "../utils/quick-message-search.ts";

/**
 * Keeps the Quick replies page's cached lists in step with `company-{id}-quickmessage`: shared replies
 * reach everyone, personal ones only their owner (the server decides who hears of them).
 */
export function useQuickMessagesLiveUpdates(): void {
  useLiveRecords("quickmessage", { queryKeyPrefix: quickMessagesListPrefix, schema: ZQuickMessage, belongs: belongsToQuickMessageList });
}
