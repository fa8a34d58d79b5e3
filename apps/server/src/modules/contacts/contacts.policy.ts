import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

/** Deleting a contact (and its tickets) takes contacts-page:deleteContact (core §6, administration §6). */
export function canDeleteContact(ctx: Pick<RequestContext, "profile" | "isSuper">): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "contacts-page:deleteContact");
}
