import { describe, expect, it } from "vitest";
import { messageOf } from "../testing/fixtures.ts";
import { type ChatMessagePages, appendMessage, flattenMessages } from "./chat-messages.ts";

const pages = (...pageIds: number[][]): ChatMessagePages => ({
  pages: pageIds.map((page) => ({ records: page.map((id) => messageOf(id, 1, 7, `m${id}`)), count: 10, hasMore: false })),
  pageParams: pageIds.map((_page, index) => index + 1),
});

describe("flattenMessages", () => {
  it("puts the older pages first and each message once", () => {
    expect(flattenMessages(pages([5, 6, 7], [3, 4, 5])).map((message) => message.id)).toEqual([3, 4, 5, 6, 7]);
  });
});

describe("appendMessage", () => {
  it("adds a new message at the end, once", () => {
    const once = appendMessage(pages([1, 2]), messageOf(3, 1, 8, "oi"));
    expect(flattenMessages(once).map((message) => message.id)).toEqual([1, 2, 3]);
    expect(appendMessage(once, messageOf(3, 1, 8, "oi"))).toBe(once);
  });

  it("leaves a conversation that is not loaded alone", () => {
    expect(appendMessage(undefined, messageOf(3, 1, 8, "oi"))).toBeUndefined();
  });
});
