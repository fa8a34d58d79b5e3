/** Texts the bot sends: numbered menus of queues and of queue options (spec engine §2.8). */

export interface MenuItem {
  title: string;
}

/** `*[ 1 ]* - Vendas` lines, numbered from 1 in the given order. */
export function numberedMenu(items: MenuItem[]): string {
  return items.map((item, index) => `*[ ${index + 1} ]* - ${item.title}`).join("\n");
}

export function queueMenuText(greeting: string, queues: { name: string }[]): string {
  const menu = numberedMenu(queues.map((q) => ({ title: q.name })));
  return greeting.trim() ? `${greeting.trim()}\n\n${menu}` : menu;
}

export const BACK_HINT = "*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial";

export function optionsMenuText(message: string, options: { title: string }[], canGoBack: boolean): string {
  const parts = [message.trim(), numberedMenu(options), canGoBack ? BACK_HINT : "*[ # ]* - Menu inicial"].filter(Boolean);
  return parts.join("\n\n");
}

export type BotInput = { kind: "choice"; index: number } | { kind: "back" } | { kind: "home" } | { kind: "other" };

/** Reads a customer's reply to a menu: a number (1-based), 0 (back), # (main menu) or anything else. */
export function parseBotInput(body: string): BotInput {
  const text = body.trim();
  if (text === "#") return { kind: "home" };
  if (text === "0") return { kind: "back" };
  if (/^\d{1,3}$/.test(text)) return { kind: "choice", index: Number(text) };
  return { kind: "other" };
}
