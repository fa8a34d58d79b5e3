import { describe, expect, it } from "vitest";
import { searchSnippet } from "./search-snippet.ts";

describe("searchSnippet", () => {
  it.each([
    ["A Márcia pediu um ORÇAMENTO", "orcamento", { before: "A Márcia pediu um ", match: "ORÇAMENTO", after: "" }],
    ["A Márcia pediu um orçamento", "MARCIA", { before: "A ", match: "Márcia", after: " pediu um orçamento" }],
    ["bom\n\ndia,   João!", "dia, joão", { before: "bom ", match: "dia, João", after: "!" }],
    ["Straße", "straße", { before: "", match: "Straße", after: "" }],
  ])("finds %j for %j without regard to accents, case or line breaks", (text, term, expected) => {
    expect(searchSnippet(text, term)).toEqual(expected);
  });

  it("keeps a few words before a late match, cut at a word", () => {
    const snippet = searchSnippet("Bom dia, gostaria de saber se o meu pedido de número 123 já foi enviado", "enviado");
    expect(snippet).toEqual({ before: "…de número 123 já foi ", match: "enviado", after: "" });
  });

  it("answers nothing when the term is not in the text", () => {
    expect(searchSnippet("bom dia", "boleto")).toBeUndefined();
    expect(searchSnippet("bom dia", "  ")).toBeUndefined();
  });
});
