/** `text` cut to `max` characters, with an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}

/** Contact names are cut to 10 characters under 600 px (spec core §2). */
export const NARROW_NAME_MAX = 10;
/** Last messages are cut to 20 characters when the list's display flag is on (spec core §2). */
export const LAST_MESSAGE_MAX = 20;
