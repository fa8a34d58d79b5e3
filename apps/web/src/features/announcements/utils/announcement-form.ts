import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_TEXT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementPriority,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  ZAnnouncementPriority,
} from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the announcement dialog edits (the attachment is handled beside the form). */
export interface AnnouncementFormValues {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

/** The rules of the shared ZAnnouncementBody with the dialog's messages (spec admin §5: title and text required). */
export function buildAnnouncementFormSchema(t: TFunction) {
  return z.object({
    title: z.string().trim().min(1, t("announcements.validation.titleRequired")).max(ANNOUNCEMENT_TITLE_MAX, t("announcements.validation.tooLong", { max: ANNOUNCEMENT_TITLE_MAX })),
    text: z.string().trim().min(1, t("announcements.validation.textRequired")).max(ANNOUNCEMENT_TEXT_MAX, t("announcements.validation.tooLong", { max: ANNOUNCEMENT_TEXT_MAX })),
    priority: ZAnnouncementPriority,
    status: z.boolean(),
  });
}

/** A new announcement's fields (low priority, active), or a stored one's. */
export function announcementFormValues(announcement?: Pick<Announcement, "title" | "text" | "priority" | "status">): AnnouncementFormValues {
  return announcement
    ? { title: announcement.title, text: announcement.text, priority: announcement.priority, status: announcement.status }
    : { title: "", text: "", priority: DEFAULT_ANNOUNCEMENT_PRIORITY, status: true };
}

export function toAnnouncementBody(values: AnnouncementFormValues): AnnouncementBody {
  return { title: values.title.trim(), text: values.text.trim(), priority: values.priority, status: values.status };
}

/** Whether a chosen file may be attached: a .png, .jpg or .jpeg by its name (the server checks its content). */
export function isAcceptedImageName(name: string): boolean {
  const lower = name.toLowerCase();
  return ANNOUNCEMENT_MEDIA_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** What happens to the attachment on save: a new file replaces it; `remove` drops the stored one. */
export interface AttachmentChange {
  file: File | null;
  remove: boolean;
}

/** The attachment step after the announcement itself was saved: upload, delete, or nothing. */
export function attachmentStep(change: AttachmentChange, hasStoredMedia: boolean): "upload" | "delete" | "none" {
  if (change.file) return "upload";
  if (change.remove && hasStoredMedia) return "delete";
  return "none";
}
