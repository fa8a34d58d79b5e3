import { type BusinessDay, DEFAULT_BUSINESS_HOURS, LIMITS, type QueueBody, type QueueDetail, type WeeklySchedule, ZWeeklySchedule } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the "Dados da Fila" tab edits: text fields hold strings until they are sent. */
export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  /** Who answers in the bot phase: "" (the menus), `prompt:{id}` or `integration:{id}`. */
  bot: string;
  /** The store's id, or "" for none. */
  storeId: string;
}

const MESSAGE_MAX = 4000;
const HEX_COLOR = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** The rules of the shared ZQueueBody with the modal's messages (spec admin §5: 'Required', 'Too Short!', 'Too Long!'; colour 3–9). */
export function buildQueueFormSchema(t: TFunction) {
  const message = z.string().max(MESSAGE_MAX, t("queues.validation.tooLong"));
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t("queues.validation.required"))
      .min(LIMITS.nameMin, t("queues.validation.tooShort"))
      .max(LIMITS.nameMax, t("queues.validation.tooLong")),
    color: z
      .string()
      .trim()
      .min(1, t("queues.validation.colorRequired"))
      .min(3, t("queues.validation.tooShort"))
      .max(9, t("queues.validation.tooLong"))
      .regex(HEX_COLOR, t("queues.validation.invalidColor")),
    greetingMessage: message,
    outOfHoursMessage: message,
    orderQueue: z.string().trim().regex(/^\d{0,5}$/, t("queues.validation.invalidOrder")),
    bot: z.string(),
    storeId: z.string(),
  });
}

/** A new queue's fields, or a stored one's. */
export function queueFormValues(
  queue?: Pick<QueueDetail, "name" | "color" | "greetingMessage" | "outOfHoursMessage" | "orderQueue"> & Partial<Pick<QueueDetail, "promptId" | "integrationId">> & { storeId?: number | null },
): QueueFormValues {
  if (!queue) return { name: "", color: "", greetingMessage: "", outOfHoursMessage: "", orderQueue: "", bot: "", storeId: "" };
  return {
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage,
    outOfHoursMessage: queue.outOfHoursMessage,
    orderQueue: queue.orderQueue === null ? "" : String(queue.orderQueue),
    bot: queue.promptId ? `prompt:${queue.promptId}` : queue.integrationId ? `integration:${queue.integrationId}` : "",
    storeId: queue.storeId === null || queue.storeId === undefined ? "" : String(queue.storeId),
  };
}

/** The hours the editor starts from: the saved ones, or the defaults of spec admin §3 when none are saved. */
export function initialSchedule(queue?: Pick<QueueDetail, "schedules">): BusinessDay[] {
  return queue && queue.schedules.length > 0 ? queue.schedules : DEFAULT_BUSINESS_HOURS;
}

/**
 * The body sent to the API. `schedule` is sent only when the hours tab was offered (scheduleType
 * `queue`); otherwise the stored hours stay as they are.
 */
export function toQueueBody(values: QueueFormValues, schedule: readonly BusinessDay[] | undefined): QueueBody {
  const order = values.orderQueue.trim();
  const schedules: WeeklySchedule | undefined = schedule ? ZWeeklySchedule.parse(schedule) : undefined;
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    greetingMessage: values.greetingMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    orderQueue: order === "" ? null : Number(order),
    promptId: values.bot.startsWith("prompt:") ? Number(values.bot.slice(7)) : null,
    integrationId: values.bot.startsWith("integration:") ? Number(values.bot.slice(12)) : null,
    storeId: values.storeId === "" ? null : Number(values.storeId),
    ...(schedules ? { schedules } : {}),
  };
}
