import type { Help, ListHelpsQuery, ListHelpsResponse, ZHelpBody } from "@conversa/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canManageHelps, canReadHelps } from "./helps.policy.ts";
import { deleteHelpRow, insertHelp, listHelpPage, listHelpRows, updateHelpRow } from "./helps.repository.ts";

export interface HelpsDeps {
  db: Db;
}

type ParsedHelpBody = z.output<typeof ZHelpBody>;

function requireSuper(ctx: RequestContext): void {
  if (!canManageHelps(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

function requireReader(ctx: RequestContext): void {
  if (!canReadHelps(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** A page of help videos by title, searched in title and description. Help videos belong to no company. */
export function listHelps(deps: HelpsDeps, ctx: RequestContext, query: ListHelpsQuery): Promise<ListHelpsResponse> {
  requireReader(ctx);
  return listHelpPage(deps.db, query.searchParam, query.pageNumber);
}

/** Every help video by title (the /helps gallery, the Ajuda tab). */
export function listAllHelps(deps: HelpsDeps, ctx: RequestContext): Promise<Help[]> {
  requireReader(ctx);
  return listHelpRows(deps.db);
}

/** Creates a help video. Throws ERR_NO_PERMISSION (not a super user). */
export async function createHelp(deps: HelpsDeps, ctx: RequestContext, body: ParsedHelpBody): Promise<Help> {
  requireSuper(ctx);
  return insertHelp(deps.db, body);
}

/** Replaces a help video's fields. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_HELP_FOUND. */
export async function updateHelp(deps: HelpsDeps, ctx: RequestContext, id: number, body: ParsedHelpBody): Promise<Help> {
  requireSuper(ctx);
  const help = await updateHelpRow(deps.db, id, body);
  if (!help) throw new AppError("ERR_NO_HELP_FOUND");
  return help;
}

/** Deletes a help video. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_HELP_FOUND. */
export async function deleteHelp(deps: HelpsDeps, ctx: RequestContext, id: number): Promise<void> {
  requireSuper(ctx);
  if (!(await deleteHelpRow(deps.db, id))) throw new AppError("ERR_NO_HELP_FOUND");
}
