import { describe, expect, it } from "vitest";
import { DUE_WARNING_COLORS, contrastRatio } from "./contrast.ts";

describe("contrastRatio", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#ffffff", 1],
    ["#767676", "#ffffff", 4.54],
  ])("gives %s on %s a ratio of %d", (foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 1);
  });
});

describe("the due-date warning's colours", () => {
  it("meet WCAG AA for normal text (4.5:1)", () => {
    expect(contrastRatio(DUE_WARNING_COLORS.text, DUE_WARNING_COLORS.background)).toBeGreaterThanOrEqual(4.5);
  });

});
