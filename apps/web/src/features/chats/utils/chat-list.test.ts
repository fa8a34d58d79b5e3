import { describe, expect, it } from "vitest";
import { chatOf } from "../testing/fixtures.ts";
import { type ChatPages, belongsToChatList, canPatchUnreadList, dropChat, flattenChats, placeChat } from "./chat-list.ts";

const pagesOf = (pages: { ids: number[]; hasMore: boolean; count?: number }[]): ChatPages => ({
  pages: pages.map((page) => ({ records: page.ids.map((id) => chatOf(id)), hasMore: page.hasMore, count: page.count ?? page.ids.length })),
  pageParams: pages.map((_page, index) => index + 1),
});
const ids = (data: ChatPages | undefined) => flattenChats(data).map((chat) => chat.id);
const later = (id: number) => chatOf(id, { updatedAt: "2026-03-02T09:00:00.000Z" });

describe("placeChat", () => {
  it("puts a chat written in at the top, once, and counts a new one", () => {
    const data = pagesOf([{ ids: [3, 2, 1], hasMore: false }]);
    expect(ids(placeChat(data, later(1), true))).toEqual([1, 3, 2]);
    expect(placeChat(data, later(1), true)?.pages[0]?.count).toBe(3);
    const added = placeChat(data, later(9), true);
    expect(ids(added)).toEqual([9, 3, 2, 1]);
    expect(added?.pages[0]?.count).toBe(4);
  });

  it("keeps a changed chat at its place by last activity", () => {
    const data = pagesOf([{ ids: [3, 2, 1], hasMore: false }]);
    expect(ids(placeChat(data, chatOf(2, { title: "Renomeada" }), true))).toEqual([3, 2, 1]);
    expect(flattenChats(placeChat(data, chatOf(2, { title: "Renomeada" }), true))[1]?.title).toBe("Renomeada");
  });

  it("leaves an old chat past the loaded pages to the page that holds it", () => {
    const data = pagesOf([{ ids: [5, 4], hasMore: true, count: 5 }]);
    expect(ids(placeChat(data, chatOf(1), true))).toEqual([5, 4]);
  });

  it("takes a chat out of a list it no longer belongs to, and counts it", () => {
    const data = pagesOf([{ ids: [3, 2, 1], hasMore: false }]);
    const out = placeChat(data, chatOf(2), false);
    expect(ids(out)).toEqual([3, 1]);
    expect(out?.pages[0]?.count).toBe(2);
    expect(placeChat(out, chatOf(2), false)).toBe(out);
  });

  it("changes nothing more when told twice", () => {
    const once = placeChat(pagesOf([{ ids: [2, 1], hasMore: false }]), later(5), true);
    const twice = placeChat(once, later(5), true);
    expect(ids(twice)).toEqual([5, 2, 1]);
    expect(twice?.pages[0]?.count).toBe(3);
  });
});

describe("dropChat", () => {
  it("drops a chat from whichever page holds it, once", () => {
    const data = pagesOf([{ ids: [4, 3], hasMore: true, count: 4 }, { ids: [2, 1], hasMore: false, count: 4 }]);
    const dropped = dropChat(data, 2);
    expect(ids(dropped)).toEqual([4, 3, 1]);
    expect(dropped?.pages[0]?.count).toBe(3);
    expect(dropChat(dropped, 2)).toBe(dropped);
  });
});

describe("flattenChats", () => {
  it("lists a chat repeated by shifted pages once", () => {
    expect(ids(pagesOf([{ ids: [5, 4], hasMore: true }, { ids: [4, 3], hasMore: false }]))).toEqual([5, 4, 3]);
  });
});

describe("belongsToChatList", () => {
  it.each([
    ["a title with the search, in any case", { title: "Escala de Sábado" }, { searchParam: "sábado", unreadOnly: false }, {}, true],
    ["a title without it", { title: "Reunião" }, { searchParam: "escala", unreadOnly: false }, {}, false],
    ["an unread chat in the unread list", {}, { searchParam: "", unreadOnly: true }, { 7: 2 }, true],
    ["a chat read by the user in the unread list", {}, { searchParam: "", unreadOnly: true }, { 7: 0, 8: 3 }, false],
  ] as const)("%s: %s", (_label, overrides, filters, unreads, expected) => {
    expect(belongsToChatList(chatOf(1, overrides, unreads), filters, 7)).toBe(expected);
  });
});

describe("canPatchUnreadList", () => {
  it.each([
    ["every unread chat is loaded", [{ ids: [2], hasMore: false }], chatOf(9, {}, { 7: 3 }), false, true],
    ["the chat is loaded", [{ ids: [9], hasMore: true }], chatOf(9, {}, { 7: 3 }), false, true],
    ["a new message made an unloaded chat unread", [{ ids: [2], hasMore: true }], chatOf(9, {}, { 7: 1 }), true, true],
    ["an unloaded chat may already be listed further down", [{ ids: [2], hasMore: true }], chatOf(9, {}, { 7: 4 }), true, false],
    ["an unloaded chat was read", [{ ids: [2], hasMore: true }], chatOf(9), false, false],
  ] as const)("when %s: %s", (_label, pages, chat, isNewMessage, expected) => {
    expect(canPatchUnreadList(pagesOf(pages.map((page) => ({ ...page, ids: [...page.ids] }))), chat, 7, isNewMessage)).toBe(expected);
  });
});
