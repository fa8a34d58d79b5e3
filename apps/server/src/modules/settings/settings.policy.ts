import { can } from "@conversa/shared";
import type { RequestContext } from "../../lib/context.ts";

export function canEditSettings(ctx: RequestContext): boolean {
  return can({ profile: ctx.profile, isSuper: ctx.isSuper }, "settings:edit");
}
