import { ZTagRecord } from "@conversa/shared";
import { useLiveRecords } from "../../../components/list/index.ts";
import { tagsListPrefix } from "../api/query-keys.ts";
import { belongsToTagList } from "../utils/tag-search.ts";

/** Keeps the Tags page's cached lists in step with `company-{id}-tag`: tags created, changed (counts too) or deleted elsewhere. */
export function useTagsLiveUpdates(): void {
  useLiveRecords("tag", { queryKeyPrefix: tagsListPrefix, schema: ZTagRecord, belongs: belongsToTagList });
}
