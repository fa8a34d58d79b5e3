import type { Message } from "@conversa/shared";

/** What the status icon of an outgoing message shows. */
export type AckIcon = "clock" | "single" | "double" | "doubleBlue" | "failed";

/**
 * The icon of an acknowledgement (spec core §4): 0 clock; 1 and 2 single tick; 3 double tick;
 * 4 and 5 double blue tick. Values outside 0–5 show the clock (not yet confirmed).
 */
export function ackIconOf(ack: number): Exclude<AckIcon, "failed"> {
  if (ack === 1 || ack === 2) return "single";
  if (ack === 3) return "double";
  if (ack === 4 || ack === 5) return "doubleBlue";
  return "clock";
}

/** The icon of a message the company sent: a failed send wins over its acknowledgement. */
export function messageStatusIcon(message: Pick<Message, "ack" | "sendStatus">): AckIcon {
  return message.sendStatus === "failed" ? "failed" : ackIconOf(message.ack);
}
