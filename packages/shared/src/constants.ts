/** Business constants of spec core §9 and administration §9. */
export const APP_VERSION = "4.8.2";

export const LIMITS = {
  nameMin: 2,
  nameMax: 50,
  passwordMin: 5,
  passwordMax: 50,
  numberMin: 8,
  numberMax: 50,
  scheduleBodyMin: 5,
  noteMin: 2,
  pageSize: 20,
} as const;

export const TIMINGS = {
  searchDebounceMs: 500,
  formSubmitDelayMs: 400,
  socketPingMs: 18000,
  userStatusHeartbeatMs: 300000,
  connectionBadgeDelayMs: 2000,
  qrPollMs: 2000,
  ticketAgeRefreshMs: 30000,
  errorToastMs: 2000,
  reloadAfterMs: 1000,
} as const;

export const SUBSCRIPTION_WARNING_DAYS = 5;
export const TRIAL_DAYS = 3;
export const VOLUME = { min: 0, max: 1, step: 0.1, default: 1 } as const;
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
