/** A file waiting in the composer to be sent, with its own caption. */
export interface PendingAttachment {
  /** Stable key while the list changes. */
  key: number;
  file: File;
  caption: string;
}

/** A file size for people: bytes, KB or MB with one decimal, in the user's language. */
export function formatFileSize(bytes: number, language: string): string {
  const number = (value: number, digits: number) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 1)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}

/** What the files are, to choose their preview: an image is shown, the others by icon. */
export function attachmentKindOf(file: File): "image" | "video" | "audio" | "pdf" | "file" {
  if (file.type.startsWith("image/")) return "image";
  if (file.type.startsWith("video/")) return "video";
  if (file.type.startsWith("audio/")) return "audio";
  if (file.type === "application/pdf") return "pdf";
  return "file";
}
