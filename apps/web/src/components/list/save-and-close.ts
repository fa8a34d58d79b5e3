import { TIMINGS } from "@conversa/shared";
import { showToast } from "../../lib/toast.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A list dialog's submit: waits 400 ms as every form, saves, then shows the success toast and closes.
 * A failure has already been told by the error toast: the dialog stays open to fix the input.
 */
export async function saveAndClose(save: () => Promise<unknown>, savedText: string, onClose: () => void): Promise<void> {
  await wait(TIMINGS.formSubmitDelayMs);
  try {
    await save();
  } catch {
    return;
  }
  showToast(savedText, "success");
  onClose();
}
