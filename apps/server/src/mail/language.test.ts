import { describe, expect, it } from "vitest";
import { mailLanguageOf } from "./language.ts";

describe("mailLanguageOf", () => {
  it.each([
    [undefined, "pt"],
    ["", "pt"],
    ["pt-BR", "pt"],
    ["en", "en"],
    ["es-ES,es;q=0.9", "es"],
    ["de-DE,de;q=0.9,en;q=0.5", "en"],
    ["en;q=0.4,es;q=0.8", "es"],
    ["fr, en;q=0", "pt"],
    ["*", "pt"],
    ["EN-us", "en"],
  ])("reads %j as %s", (header, language) => {
    expect(mailLanguageOf(header)).toBe(language);
  });
});
