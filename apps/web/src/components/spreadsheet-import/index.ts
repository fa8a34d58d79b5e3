export { ImportProgressBar } from "./import-progress.tsx";
export { ImportReport } from "./import-report.tsx";
export { fileProblem, type SpreadsheetUpload, SpreadsheetImportDialog } from "./spreadsheet-import-dialog.tsx";
export { type ImportProgress, useImportProgress } from "./use-import-progress.ts";
