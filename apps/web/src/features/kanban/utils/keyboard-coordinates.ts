import { type ClientRect, KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";

/** The index of the lane whose span holds `x`, else of the nearest lane. */
function laneIndexAt(lanes: readonly ClientRect[], x: number): number {
  const inside = lanes.findIndex((rect) => x >= rect.left && x < rect.right);
  if (inside !== -1) return inside;
  let best = 0;
  lanes.forEach((rect, index) => {
    const distance = Math.abs(rect.left + rect.width / 2 - x);
    const bestRect = lanes[best]!;
    if (distance < Math.abs(bestRect.left + bestRect.width / 2 - x)) best = index;
  });
  return best;
}

/**
 * The board's keyboard moves (the lanes stand side by side): the right and left arrows carry the held
 * card to the middle of the next or previous lane; at either end it stays. Space or Enter drops it
 * and Escape puts it back (the keyboard sensor's own keys).
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects } = context;
  if (!collisionRect || droppableRects.size === 0) return undefined;
  const lanes = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const target = lanes[laneIndexAt(lanes, collisionRect.left + collisionRect.width / 2) + step];
  if (!target) return currentCoordinates;
  return { x: target.left + target.width / 2 - collisionRect.width / 2, y: currentCoordinates.y };
};
