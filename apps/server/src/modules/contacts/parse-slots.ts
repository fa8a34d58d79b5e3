import { AppError } from "../../lib/app-error.ts";

/** Spreadsheet parses running at once in this process (each in its own thread). */
export const MAX_PARALLEL_READS = 2;
/**
 * Reads waiting for a parse slot; one more is refused (ERR_RATE_LIMITED). A parse ends within its time
 * limit, so the last in line waits at most two of them before its own.
 */
export const MAX_WAITING_READS = 4;

/** Gives a parse slot back (to the first in line, if any); a second call does nothing. */
export type ReleaseParseSlot = () => void;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Takes one of the process's parse slots, waiting in arrival order when all are taken. A company holds
 * at most one import at a time (import-locks.ts), so each one in line is another company's: one company
 * cannot take the slots twice over, and its next import queues behind the others already waiting.
 * Throws ERR_RATE_LIMITED when the line is full.
 */
export async function takeParseSlot(): Promise<ReleaseParseSlot> {
  if (running < MAX_PARALLEL_READS) {
    running += 1;
  } else {
    if (waiting.length >= MAX_WAITING_READS) throw new AppError("ERR_RATE_LIMITED", undefined, "Too many imports are being read; try again shortly");
    // The slot is handed over by the release that wakes this read: `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/** How many slots are taken and how many reads wait (metrics and tests). */
export function parseSlotUse(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
