/** Business constants of spec core §9 and administration §9. */
export const APP_VERSION = "4.8.2";

export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  /** The password rule's length (schemas/passwords.ts). */
  passwordMin: 8,
  passwordMax: 50,
  numberMin: 8,
  numberMax: 50,
  scheduleBodyMin: 5,
  noteMin: 2,
  pageSize: 20,
} as const;

/** Ticket list counts are exact up to this many matches; the tab badges show "999+" beyond. */
export const TICKET_COUNT_CAP = 1000;

export const TIMINGS = {
  searchDebounceMs: 500,
  formSubmitDelayMs: 400,
  /** The plan and help forms of the super users wait longer (spec admin §9). */
  adminFormSubmitDelayMs: 500,
  socketPingMs: 18000,
  userStatusHeartbeatMs: 300000,
  connectionBadgeDelayMs: 2000,
  qrPollMs: 2000,
  ticketAgeRefreshMs: 30000,
  errorToastMs: 2000,
  reloadAfterMs: 1000,
  /** A page the user may not open (a role, or a feature the company's plan lacks) shows an error toast, then goes to / after this long (spec admin §6, §8, §9). */
  noPermissionRedirectMs: 1000,
} as const;

/**
 * A send the network keeps refusing (or that waits for a dropped connection) is retried this long after
 * its first failure, then marked failed (resendable). The messages after it in the same conversation wait.
 */
export const SEND_RETRY_WINDOW_MS = 10 * 60_000;

export const SUBSCRIPTION_WARNING_DAYS = 5;
export const TRIAL_DAYS = 3;
export const VOLUME = { min: 0, max: 1, step: 0.1, default: 1 } as const;
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;

/** The 50 preset queue colours the queue modal offers (spec administration §9). */
export const QUEUE_COLORS = [
  "#F44336", "#E91E63", "#9C27B0", "#673AB7", "#3F51B5", "#2196F3", "#03A9F4", "#00BCD4", "#009688", "#4CAF50",
  "#8BC34A", "#CDDC39", "#FFEB3B", "#FFC107", "#FF9800", "#FF5722", "#795548", "#9E9E9E", "#607D8B", "#C62828",
  "#AD1457", "#6A1B9A", "#4527A0", "#283593", "#1565C0", "#0277BD", "#00838F", "#00695C", "#2E7D32", "#558B2F",
  "#9E9D24", "#F9A825", "#FF8F00", "#EF6C00", "#D84315", "#4E342E", "#424242", "#37474F", "#E57373", "#F06292",
  "#BA68C8", "#9575CD", "#7986CB", "#64B5F6", "#4FC3F7", "#4DD0E1", "#4DB6AC", "#81C784", "#AED581", "#FFB74D",
] as const;
