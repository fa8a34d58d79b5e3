import type { TFunction } from "i18next";
import { z } from "zod";

/** What the inline option form edits. */
export interface QueueOptionFormValues {
  title: string;
  message: string;
}

/** The rules of the shared option bodies (title 1–100, message up to 4000) with the form's messages. */
export function buildQueueOptionFormSchema(t: TFunction) {
  return z.object({
    title: z.string().trim().min(1, t("queues.validation.required")).max(100, t("queues.validation.tooLong")),
    message: z.string().max(4000, t("queues.validation.tooLong")),
  });
}
