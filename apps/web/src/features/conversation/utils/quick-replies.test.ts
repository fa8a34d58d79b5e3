import type { QuickMessage } from "@conversa/shared";
import { describe, expect, it } from "vitest";
import { matchQuickReplies, quickReplyLabel, quickReplyQuery } from "./quick-replies.ts";

function quick(shortcode: string, message = `Texto de ${shortcode}`): QuickMessage {
  return { id: shortcode.length, shortcode, message, geral: true, status: true, isMedia: false, mediaPath: null, mediaName: null, userId: null };
}

const list = [quick("bomdia", "Bom dia! Como posso ajudar?"), quick("boleto"), quick("obrigado"), quick("horario")];

describe("quickReplyQuery", () => {
  it.each([
    ["", null],
    ["/", null],
    ["bo", null],
    ["/b", "b"],
    ["/BOM", "bom"],
    ["/bom dia", null],
  ])("reads %j as %j", (input, query) => {
    expect(quickReplyQuery(input)).toBe(query);
  });
});

describe("matchQuickReplies", () => {
  it("lists nothing for a lone slash", () => {
    expect(matchQuickReplies("/", list)).toEqual([]);
  });

  it("lists the shortcodes containing the typed text, the ones starting with it first", () => {
    expect(matchQuickReplies("/bo", list).map((q) => q.shortcode)).toEqual(["boleto", "bomdia"]);
    expect(matchQuickReplies("/o", list).map((q) => q.shortcode)).toEqual(["obrigado", "boleto", "bomdia", "horario"]);
  });

  it("ignores case", () => {
    expect(matchQuickReplies("/HOR", list).map((q) => q.shortcode)).toEqual(["horario"]);
  });

  it("lists nothing when no shortcode matches or the text does not start with a slash", () => {
    expect(matchQuickReplies("/xyz", list)).toEqual([]);
    expect(matchQuickReplies("bo", list)).toEqual([]);
  });
});

describe("quickReplyLabel", () => {
  it("keeps a label of 35 characters or fewer whole", () => {
    expect(quickReplyLabel({ shortcode: "oi", message: "Olá!" })).toBe("oi - Olá!");
    const exact = quickReplyLabel({ shortcode: "a", message: "x".repeat(31) });
    expect(exact).toHaveLength(35);
    expect(exact.endsWith("...")).toBe(false);
  });

  it("cuts a longer label at 35 characters", () => {
    const label = quickReplyLabel({ shortcode: "bomdia", message: "Bom dia! Como posso ajudar você hoje?" });
    expect(label).toBe("bomdia - Bom dia! Como posso ajudar...");
    expect(label.slice(0, -3)).toHaveLength(35);
  });
});
