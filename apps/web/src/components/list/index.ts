export { InfiniteListArea, isNearBottom, LOAD_MORE_THRESHOLD_PX } from "./infinite-list-area.tsx";
export { ListStateRows } from "./list-states.tsx";
export { ListToolbar } from "./list-toolbar.tsx";
export { removeRecord, upsertRecord } from "./live-records.ts";
export { type ListPage, useInfiniteList } from "./use-infinite-list.ts";
export { useListSearch } from "./use-list-search.ts";
export { useLiveRecords } from "./use-live-records.ts";
export { useRecordEditing } from "./use-record-editing.ts";
export { RecordDialogContent } from "./record-dialog-content.tsx";
