import type { AnnouncementPriority } from "@conversa/shared";

/** How a priority is shown (spec admin §3): 1 high in red, 2 medium in orange, 3 low in grey. */
export const PRIORITY_STYLES = {
  1: { labelKey: "announcements.priority.high", chip: "error", color: "error.main" },
  2: { labelKey: "announcements.priority.medium", chip: "warning", color: "warning.main" },
  3: { labelKey: "announcements.priority.low", chip: "default", color: "grey.500" },
} as const satisfies Record<AnnouncementPriority, { labelKey: string; chip: "error" | "warning" | "default"; color: string }>;
