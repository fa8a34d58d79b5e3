import { describe, expect, it } from "vitest";
import { attachmentKindOf, formatFileSize } from "./attachments.ts";

describe("attachments", () => {
  it.each([
    [512, "pt-BR", "512 B"],
    [1536, "pt-BR", "1,5 KB"],
    [1536, "en", "1.5 KB"],
    [5 * 1024 * 1024, "es", "5 MB"],
    [2.25 * 1024 * 1024, "pt-BR", "2,3 MB"],
  ])("writes %d bytes in %s as %s", (bytes, language, expected) => {
    expect(formatFileSize(bytes, language)).toBe(expected);
  });

  it.each([
    ["photo.jpg", "image/jpeg", "image"],
    ["clip.mp4", "video/mp4", "video"],
    ["note.ogg", "audio/ogg", "audio"],
    ["invoice.pdf", "application/pdf", "pdf"],
    ["sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "file"],
  ])("previews %s as %s", (name, type, kind) => {
    expect(attachmentKindOf(new File(["x"], name, { type }))).toBe(kind);
  });
});
