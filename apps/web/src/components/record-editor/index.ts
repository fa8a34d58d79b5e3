export { RecordEditorFrame } from "./record-editor-frame.tsx";
export { type RecordEditorOptions, useRecordEditor } from "./use-record-editor.ts";
