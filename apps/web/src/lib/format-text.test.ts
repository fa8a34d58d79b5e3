import { describe, expect, it } from "vitest";
import { parseFormattedText, plainText } from "./format-text.ts";

describe("parseFormattedText", () => {
  it("keeps plain text as one text segment", () => {
    expect(parseFormattedText("Olá, tudo bem?")).toEqual([{ type: "text", text: "Olá, tudo bem?" }]);
  });

  it("recognises bold, italic and strike", () => {
    expect(parseFormattedText("*Ana*: _oi_ ~não~")).toEqual([
      { type: "bold", children: [{ type: "text", text: "Ana" }] },
      { type: "text", text: ": " },
      { type: "italic", children: [{ type: "text", text: "oi" }] },
      { type: "text", text: " " },
      { type: "strike", children: [{ type: "text", text: "não" }] },
    ]);
  });

  it("nests formatting", () => {
    expect(parseFormattedText("*_ok_*")).toEqual([{ type: "bold", children: [{ type: "italic", children: [{ type: "text", text: "ok" }] }] }]);
  });

  it("leaves markers inside words, around spaces or across lines alone", () => {
    for (const text of ["snake_case_name", "2 * 3 * 4", "*a\nb*", "* nope*"]) {
      expect(parseFormattedText(text)).toEqual([{ type: "text", text }]);
    }
  });

  it("keeps HTML as text", () => {
    const html = "<img src=x onerror=alert(1)>";
    expect(parseFormattedText(html)).toEqual([{ type: "text", text: html }]);
  });

  it("turns http(s) addresses into links without the trailing punctuation", () => {
    expect(parseFormattedText("Veja https://exemplo.com/a?b=1.")).toEqual([
      { type: "text", text: "Veja " },
      { type: "link", href: "https://exemplo.com/a?b=1", text: "https://exemplo.com/a?b=1" },
      { type: "text", text: "." },
    ]);
  });

  it("takes ```monospace``` as typed, across lines, without formatting inside", () => {
    expect(parseFormattedText("Código: ```a *b*\nc``` ok")).toEqual([
      { type: "text", text: "Código: " },
      { type: "mono", text: "a *b*\nc" },
      { type: "text", text: " ok" },
    ]);
    expect(parseFormattedText("``````")).toEqual([{ type: "text", text: "``````" }]);
  });

  it("does not link other schemes", () => {
    expect(parseFormattedText("javascript:alert(1)")).toEqual([{ type: "text", text: "javascript:alert(1)" }]);
  });
});

describe("plainText", () => {
  it.each([
    ["*Ana Souza*:\nBom dia", "Ana Souza:\nBom dia"],
    ["_oi_ ~não~ *_ok_*", "oi não ok"],
    ["```const x = 1```", "const x = 1"],
    ["Veja *https://exemplo.com*", "Veja https://exemplo.com"],
    ["snake_case_name 2 * 3", "snake_case_name 2 * 3"],
    ["<b>html</b>", "<b>html</b>"],
    ["", ""],
  ])("shows %j as %j", (text, plain) => {
    expect(plainText(text)).toBe(plain);
  });
});
