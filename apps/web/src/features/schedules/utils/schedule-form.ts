import { LIMITS, SCHEDULE_MEDIA_EXTENSIONS, SCHEDULE_PAST_GRACE_MS, ZScheduleBody } from "@conversa/shared";
import { addHours } from "date-fns";
import type { TFunction } from "i18next";
import { z } from "zod";
import { fromLocalInput } from "../../../lib/date.ts";

export { fromLocalInput, toLocalInput } from "../../../lib/date.ts";

/** A new schedule's moment (spec core §4: now plus 1 hour). */
export function defaultSendAt(now: Date = new Date()): Date {
  return addHours(now, 1);
}

/** Whether a file's name is one of the attachment types a schedule accepts (png, jpg, jpeg). */
export function isAllowedAttachment(fileName: string): boolean {
  const extension = fileName.split(".").pop()?.toLowerCase() ?? "";
  return fileName.includes(".") && SCHEDULE_MEDIA_EXTENSIONS.some((allowed) => allowed === extension);
}

/**
 * The shared ZScheduleBody with the dialog's texts (spec core §5: 'Mensagem muito curta', 'Obrigatório');
 * sendAt is typed in local time and sent as an ISO instant, not earlier than now.
 */
export function buildScheduleFormSchema(t: TFunction, now: () => Date = () => new Date()) {
  const required = t("schedules.validation.required");
  return ZScheduleBody.extend({
    body: z.string().trim().min(LIMITS.scheduleBodyMin, t("schedules.validation.tooShort")).max(4096, t("schedules.validation.tooLong")),
    // The dialog holds null until a contact is chosen.
    contactId: z.union([z.number().int().positive(), z.null()]).transform((value, ctx) => {
      if (value === null) {
        ctx.addIssue({ code: "custom", message: required });
        return z.NEVER;
      }
      return value;
    }),
    sendAt: z.string().transform((value, ctx) => {
      const date = fromLocalInput(value);
      if (!date) {
        ctx.addIssue({ code: "custom", message: required });
        return z.NEVER;
      }
      if (date.getTime() < now().getTime() - SCHEDULE_PAST_GRACE_MS) {
        ctx.addIssue({ code: "custom", message: t("schedules.validation.past") });
        return z.NEVER;
      }
      return date.toISOString();
    }),
  });
}

export type ScheduleFormSchema = ReturnType<typeof buildScheduleFormSchema>;
