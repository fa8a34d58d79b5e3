import type { ClientRect, SensorContext } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { laneKeyboardCoordinates } from "./keyboard-coordinates.ts";

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({ left, top, width, height, right: left + width, bottom: top + height });

// Three lanes 300 px wide, 20 px apart; the held card (280 x 100) in the middle of the first one.
const lanes = new Map([
  ["lane-open", rect(0, 0, 300, 800)],
  ["lane-5", rect(320, 0, 300, 800)],
  ["lane-6", rect(640, 0, 300, 800)],
]);

function move(code: string, card: ClientRect) {
  const event = new KeyboardEvent("keydown", { code, cancelable: true });
  const context = { collisionRect: card, droppableRects: lanes } as unknown as SensorContext;
  return { to: laneKeyboardCoordinates(event, { active: "card-1", currentCoordinates: { x: card.left, y: card.top }, context }), event };
}

describe("laneKeyboardCoordinates", () => {
  it("carries the card to the middle of the next lane on the right arrow, keeping its height", () => {
    const { to, event } = move("ArrowRight", rect(10, 200, 280, 100));
    expect(to).toEqual({ x: 320 + 150 - 140, y: 200 });
    expect(event.defaultPrevented).toBe(true);
  });

  it("carries it back on the left arrow", () => {
    expect(move("ArrowLeft", rect(330, 200, 280, 100)).to).toEqual({ x: 10, y: 200 });
  });

  it("keeps it in place at either end", () => {
    expect(move("ArrowLeft", rect(10, 200, 280, 100)).to).toEqual({ x: 10, y: 200 });
    expect(move("ArrowRight", rect(650, 200, 280, 100)).to).toEqual({ x: 650, y: 200 });
  });

  it("moves from the nearest lane when the card is between lanes", () => {
    expect(move("ArrowRight", rect(175, 200, 280, 100)).to).toEqual({ x: 650, y: 200 });
  });

  it("does nothing with the other keys", () => {
    const { to, event } = move("ArrowDown", rect(10, 200, 280, 100));
    expect(to).toBeUndefined();
    expect(event.defaultPrevented).toBe(false);
  });
});
