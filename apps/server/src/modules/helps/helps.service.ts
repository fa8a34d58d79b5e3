import type { Help, ListHelpsQuery, ListHelpsResponse, ZHelpBody } from "@conversa/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import { canManageHelps, canReadHelps } from "./helps.policy.ts";
import { deleteHelpRow, insertHelp, listHelpPage, listHelpRows, lockHelpRow, updateHelpRow } from "./helps.repository.ts";

export interface HelpsDeps {
  db: Db;
}

type ParsedHelpBody = z.output<typeof ZHelpBody>;

const notFound = () => new AppError("ERR_NO_HELP_FOUND");

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

/** Creates a help video (an installation record in the audit log). Throws ERR_NO_PERMISSION (not a super user). */
export async function createHelp(deps: HelpsDeps, ctx: RequestContext, body: ParsedHelpBody): Promise<Help> {
  requireSuper(ctx);
  return deps.db.transaction(async (tx) => {
    const help = await insertHelp(tx, body);
    await recordAudit(tx, ctx, { action: "help.create", target: { type: "help", id: help.id }, companyId: null, after: help });
    return help;
  });
}

/** Replaces a help video's fields. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_HELP_FOUND. */
export async function updateHelp(deps: HelpsDeps, ctx: RequestContext, id: number, body: ParsedHelpBody): Promise<Help> {
  requireSuper(ctx);
  return deps.db.transaction(async (tx) => {
    const before = await lockHelpRow(tx, id);
    const help = before && (await updateHelpRow(tx, id, body));
    if (!help) throw notFound();
    await recordAudit(tx, ctx, { action: "help.update", target: { type: "help", id }, companyId: null, before, after: help });
    return help;
  });
}

/** Deletes a help video. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_HELP_FOUND. */
export async function deleteHelp(deps: HelpsDeps, ctx: RequestContext, id: number): Promise<void> {
  requireSuper(ctx);
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteHelpRow(tx, id);
    if (!deleted) throw notFound();
    await recordAudit(tx, ctx, { action: "help.delete", target: { type: "help", id }, companyId: null, before: { title: deleted.title } });
  });
}
