import { TIMINGS } from "@conversa/shared";
import { enqueueSnackbar, type VariantType } from "notistack";
import { errorMessage } from "./error-message.ts";

/** Shows a short message as a toast. Needs the SnackbarProvider of the app shell. */
export function showToast(message: string, variant: VariantType = "default", autoHideDuration?: number): void {
  enqueueSnackbar(message, { variant, autoHideDuration, preventDuplicate: true });
}

/** Shows the translated text of a failure as an error toast for 2 seconds (spec core §8). */
export function toastError(error: unknown): void {
  showToast(errorMessage(error), "error", TIMINGS.errorToastMs);
}
