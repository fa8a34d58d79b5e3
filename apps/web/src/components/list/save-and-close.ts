import { TIMINGS } from "@conversa/shared";
import { type FieldErrorSetter, showFormError } from "../../lib/form-errors.ts";
import { showToast } from "../../lib/toast.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A list dialog's submit: waits 400 ms as every form, saves, then shows the success toast and closes.
 * A failure is said under the refused fields (`fields`) and as the catalogue's toast: the dialog stays open
 * to fix the input.
 */
export async function saveAndClose(save: () => Promise<unknown>, savedText: string, onClose: () => void, fields: FieldErrorSetter): Promise<void> {
  await wait(TIMINGS.formSubmitDelayMs);
  try {
    await save();
  } catch (error) {
    showFormError(error, fields);
    return;
  }
  showToast(savedText, "success");
  onClose();
}
