import { describe, expect, it } from "vitest";
import { loadPickerEmojis, searchEmojis, toPickerEmojis } from "./emoji-data.ts";

const raw = [
  { unicode: "😂", label: "rosto chorando de rir", group: 0, order: 3, tags: ["lágrima", "rir"] },
  { unicode: "😀", label: "rosto risonho", group: 0, order: 1, tags: ["feliz", "sorriso"] },
  { unicode: "🏻", label: "pele clara", group: 2, order: 5 },
  { unicode: "🇦", label: "indicador regional A" },
  { unicode: "🍕", label: "pizza", group: 4, order: 9, tags: ["queijo", "fatia"] },
];

describe("emoji data", () => {
  it("keeps the emojis of a category, in Unicode order, without the skin-tone components", () => {
    expect(toPickerEmojis(raw).map((item) => [item.emoji, item.category])).toEqual([
      ["😀", "smileys"],
      ["😂", "smileys"],
      ["🍕", "food"],
    ]);
  });

  it.each([
    ["lagrima", ["😂"]],
    ["ROSTO", ["😀", "😂"]],
    ["rosto feliz", ["😀"]],
    ["fatia queijo", ["🍕"]],
    ["  ", ["😀", "😂", "🍕"]],
    ["sushi", []],
  ])("finds %j by name or keyword, ignoring case and accents", (query, expected) => {
    expect(searchEmojis(toPickerEmojis(raw), query).map((item) => item.emoji)).toEqual(expected);
  });

  it.each([
    ["pt-BR", "sorridente", "😀"],
    ["en", "grinning", "😀"],
    ["es", "pizza", "🍕"],
  ] as const)("loads the %s dataset, searchable in that language", async (language, query, expected) => {
    const emojis = await loadPickerEmojis(language);
    expect(emojis.length).toBeGreaterThan(1500);
    expect(searchEmojis(emojis, query).map((item) => item.emoji)).toContain(expected);
  });
});
