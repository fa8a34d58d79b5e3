import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";
import { hasContent, wasQueued } from "./send-errors.ts";

describe("wasQueued", () => {
  it("recognises a send queued while the connection is down", () => {
    expect(wasQueued(new ApiError("ERR_WAPP_NOT_INITIALIZED", "queued", 400, { queued: true, messageIds: [4] }))).toBe(true);
  });

  it("treats other failures as not sent", () => {
    expect(wasQueued(new ApiError("ERR_WAPP_NOT_INITIALIZED", "down", 400))).toBe(false);
    expect(wasQueued(new ApiError("ERR_TICKET_NOT_OPEN", "closed", 400, { queued: true, messageIds: [] }))).toBe(false);
    expect(wasQueued(new Error("offline"))).toBe(false);
  });
});

describe("hasContent", () => {
  it.each([
    ["", 0, false],
    ["   \n\t ", 0, false],
    ["oi", 0, true],
    ["", 1, true],
  ])("%j with %i file(s) has content: %s", (text, files, expected) => {
    expect(hasContent(text, files)).toBe(expected);
  });
});
