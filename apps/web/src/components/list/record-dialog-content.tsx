import Alert from "@mui/material/Alert";
import DialogContent from "@mui/material/DialogContent";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PageLoader } from "../page-loader.tsx";

interface RecordDialogContentProps<T> {
  /** The record's query, mounted with the dialog so that every opening reads the server's current data. */
  query: UseQueryResult<T>;
  /** Shown when the record cannot be read (deleted meanwhile, no access, network). */
  loadFailed: string;
  children: (record: T) => ReactNode;
}

/** An edit dialog's body: a loader until the record is fetched after opening, an error when it is not there, else the form. */
export function RecordDialogContent<T>({ query, loadFailed, children }: RecordDialogContentProps<T>) {
  if (!query.isFetchedAfterMount) {
    return (
      <DialogContent>
        <PageLoader />
      </DialogContent>
    );
  }
  if (query.data === undefined) {
    return (
      <DialogContent>
        <Alert severity="error">{loadFailed}</Alert>
      </DialogContent>
    );
  }
  return children(query.data);
}
