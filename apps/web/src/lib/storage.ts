import type { AuthResponse, SessionUser } from "@conversa/shared";
import { VOLUME } from "@conversa/shared";

/** Browser storage keys of spec core §3. */
export const STORAGE_KEYS = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  companyDueDate: "companyDueDate",
  volume: "volume",
  preferredTheme: "preferredTheme",
  language: "i18nextLng",
  campaignsFlag: "cshow",
  /** Prefix of `announcementsSeen:{userId}`: the newest announcement the user has seen in the top bar's popover. */
  announcementsSeen: "announcementsSeen",
} as const;

/** Session-storage keys (cleared with the browser tab). */
export const SESSION_KEYS = {
  tasks: "tasks",
} as const;

const SESSION_ENTRIES = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.companyDueDate,
] as const;

/** The stored access token, or null when nobody is signed in. */
export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

/** Stores the token and the identifiers the app needs before `/auth/me` answers, and the cshow flag. */
export function saveSession(auth: AuthResponse): void {
  localStorage.setItem(STORAGE_KEYS.token, auth.token);
  localStorage.setItem(STORAGE_KEYS.companyId, String(auth.user.companyId));
  localStorage.setItem(STORAGE_KEYS.userId, String(auth.user.id));
  localStorage.setItem(STORAGE_KEYS.companyDueDate, auth.user.company.dueDate ?? "");
  saveCampaignsFlag(auth.user);
}

/** Drops the session keys and the cshow flag; preferences (theme, language, volume) stay. */
export function clearSession(): void {
  for (const key of SESSION_ENTRIES) localStorage.removeItem(key);
  setCampaignsFlag(false);
}

/** The id of the signed-in user as stored at login, or null. */
export function readStoredUserId(): number | null {
  const value = Number(localStorage.getItem(STORAGE_KEYS.userId));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Notification volume between 0 and 1; 1 when nothing valid is stored. */
export function readVolume(): number {
  const raw = localStorage.getItem(STORAGE_KEYS.volume);
  const value = raw === null ? Number.NaN : Number(raw);
  if (!Number.isFinite(value)) return VOLUME.default;
  return Math.min(VOLUME.max, Math.max(VOLUME.min, value));
}

export function saveVolume(volume: number): void {
  localStorage.setItem(STORAGE_KEYS.volume, String(volume));
}

/** The local flag that makes the campaign routes reachable (spec core §2). */
export function hasCampaignsFlag(): boolean {
  return localStorage.getItem(STORAGE_KEYS.campaignsFlag) !== null;
}

const campaignsFlagListeners = new Set<() => void>();

/** Sets or removes the cshow flag and tells the subscribers (the campaign routes' guard) when it changed. */
export function setCampaignsFlag(on: boolean): void {
  if (on === hasCampaignsFlag()) return;
  if (on) localStorage.setItem(STORAGE_KEYS.campaignsFlag, "true");
  else localStorage.removeItem(STORAGE_KEYS.campaignsFlag);
  for (const listener of campaignsFlagListeners) listener();
}

/** Whether the company's setting campaignsEnabled is on (a company without the setting has campaigns off). */
export function campaignsEnabledOf(user: SessionUser): boolean {
  return user.company.settings.some((setting) => setting.key === "campaignsEnabled" && setting.value === "true");
}

/** Sets cshow from the company's setting campaignsEnabled, and removes it when that is off. */
export function saveCampaignsFlag(user: SessionUser): void {
  setCampaignsFlag(campaignsEnabledOf(user));
}

/** Follows the cshow flag: changes made here, and in other tabs of the browser. */
export function subscribeCampaignsFlag(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.campaignsFlag || event.key === null) listener();
  };
  campaignsFlagListeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    campaignsFlagListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
