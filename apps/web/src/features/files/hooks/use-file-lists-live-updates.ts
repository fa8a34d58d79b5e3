import { ZFileList } from "@conversa/shared";
import { useLiveRecords } from "../../../components/list/index.ts";
import { fileListsPrefix } from "../api/query-keys.ts";
import { belongsToFileLists } from "../utils/file-list-search.ts";

/** Keeps the Files page in step with `company-{id}-file`: file lists created, changed or deleted elsewhere. */
export function useFileListsLiveUpdates(): void {
  useLiveRecords("file", { queryKeyPrefix: fileListsPrefix, schema: ZFileList, belongs: belongsToFileLists });
}
