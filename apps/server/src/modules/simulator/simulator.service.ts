import { createReadStream, type ReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import {
  type SimulatorChat,
  type SimulatorConnection,
  type SimulatorInboundBody,
  type SimulatorMessage,
  type SimulatorMessagesPage,
  type SimulatorScanBody,
  ZSimulatorInboundBody,
  ZSimulatorMessage,
} from "@conversa/shared";
import { z } from "zod";
import type { ChannelManager } from "../../channels/channel-manager.ts";
import { findOutboundMedia, listChatMessages, listChats, toSimulatorMessageDto } from "../../channels/simulator/simulator-chats.ts";
import type { SimulatorDriver } from "../../channels/simulator/simulator-driver.ts";
import { ChannelNotConnectedError } from "../../channels/types.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { canUseSimulator } from "./simulator.policy.ts";
import { type SimulatorConnectionRow, findSimulatorConnectionRow, listSimulatorConnectionRows, parseStatus } from "./simulator.repository.ts";

/**
 * The simulator's side of a company's connections: its phone and its customers, played by an admin of the
 * company (`ctx`, canUseSimulator). Every use-case refuses anyone else with ERR_NO_PERMISSION before it reads
 * anything, and reaches only the simulator connections of `ctx.companyId`. They exist only while the simulator is
 * on (never by default in production).
 */
export interface SimulatorDeps {
  db: Db;
  events: DomainEvents;
  simulator: SimulatorDriver;
  /** Runs the phone's and the customers' actions in the process that runs the connection's session. */
  channels: ChannelManager;
}

const ZScanResult = z.enum(["pairing", "no_qr", "wrong_qr"]);
/** The session's state as the process that drives it sees it. */
const ZSessionState = z.object({ isRunning: z.boolean(), refuseSends: z.boolean() });
/** How long a read of the connections waits for the other processes before it answers this one's view. */
const STATE_READ_TIMEOUT_MS = 2_000;
const ZCount = z.number().int().min(0);

/**
 * The simulated network's actions that need the session, as ops of the channel manager: with several
 * server processes a customer's message or a scan that reaches any of them is played where the session runs.
 */
export function registerSimulatorOps(channels: ChannelManager, simulator: SimulatorDriver): void {
  channels.registerOp("simulator.receive", async (id, [body]) => toSimulatorMessageDto(await simulator.receive(id, ZSimulatorInboundBody.parse(body))));
  channels.registerOp("simulator.scan", (id, [qrcode, number]) => simulator.scan(id, z.string().parse(qrcode), z.string().parse(number)));
  channels.registerOp("simulator.read", (id, [chatNumber]) => simulator.customerRead(id, z.string().parse(chatNumber)));
  channels.registerOp("simulator.dropNetwork", (id) => simulator.dropNetwork(id));
  channels.registerOp("simulator.state", async (id) => ({ isRunning: simulator.isRunning(id), refuseSends: simulator.isRefusingSends(id) }));
  channels.registerOp("simulator.refuseSends", async (id, [refuse, answerDelayMs]) => {
    simulator.setRefuseSends(id, z.boolean().parse(refuse));
    simulator.setAnswerDelay(id, ZCount.parse(answerDelayMs));
  });
}

/**
 * Whether the session runs and its failure switch are read from the process that drives it, whichever process
 * answers the request.
 */
async function toDto(deps: SimulatorDeps, row: SimulatorConnectionRow): Promise<SimulatorConnection> {
  const state = await deps.channels.onOwner(row.id, "simulator.state", [], (answer) => ZSessionState.parse(answer), STATE_READ_TIMEOUT_MS);
  return {
    ...row,
    status: parseStatus(row.status),
    ...state,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Refuses anyone who may not use the simulator (canUseSimulator), before anything is read. */
function requireSimulatorUser(ctx: RequestContext): void {
  if (!canUseSimulator(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** The company's simulator connection, for an admin. Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND. */
async function requireConnection(deps: SimulatorDeps, ctx: RequestContext, id: number): Promise<SimulatorConnectionRow> {
  requireSimulatorUser(ctx);
  const row = await findSimulatorConnectionRow(deps.db, ctx.companyId, id);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

/** Runs a customer action that needs the session CONNECTED here; throws ERR_SIMULATOR_NOT_CONNECTED otherwise. */
async function whileConnected<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ChannelNotConnectedError) {
      throw new AppError("ERR_SIMULATOR_NOT_CONNECTED", undefined, "The connection is not CONNECTED on this server");
    }
    throw error;
  }
}

/** The simulator connections of the session's company. Throws ERR_NO_PERMISSION. */
export async function listSimulatorConnections(deps: SimulatorDeps, ctx: RequestContext): Promise<SimulatorConnection[]> {
  requireSimulatorUser(ctx);
  const rows = await listSimulatorConnectionRows(deps.db, ctx.companyId);
  return Promise.all(rows.map((row) => toDto(deps, row)));
}

/** A phone scans the QR code shown. Throws ERR_NO_WAPP_FOUND, ERR_NO_PERMISSION, ERR_SIMULATOR_BAD_QR. */
export async function scanQrCode(deps: SimulatorDeps, ctx: RequestContext, id: number, body: SimulatorScanBody): Promise<SimulatorConnection> {
  await requireConnection(deps, ctx, id);
  const result = await deps.channels.onOwner(id, "simulator.scan", [body.qrcode, body.number], (answer) => ZScanResult.parse(answer));
  if (result === "no_qr") throw new AppError("ERR_SIMULATOR_BAD_QR", undefined, "This connection is not showing a QR code");
  if (result === "wrong_qr") throw new AppError("ERR_SIMULATOR_BAD_QR", undefined, "This is not the QR code being shown");
  return toDto(deps, await requireConnection(deps, ctx, id));
}

/** A customer sends one message. Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND, ERR_SIMULATOR_NOT_CONNECTED. */
export async function receiveMessage(deps: SimulatorDeps, ctx: RequestContext, id: number, body: SimulatorInboundBody): Promise<SimulatorMessage> {
  await requireConnection(deps, ctx, id);
  return whileConnected(() => receiveHere(deps, id, body));
}

/** Customers send many messages, handed over one after the other in order. Throws as receiveMessage. */
export async function receiveBatch(
  deps: SimulatorDeps,
  ctx: RequestContext,
  id: number,
  messages: SimulatorInboundBody[],
): Promise<{ count: number; wids: string[] }> {
  await requireConnection(deps, ctx, id);
  const wids: string[] = [];
  await whileConnected(async () => {
    for (const message of messages) wids.push((await receiveHere(deps, id, message)).wid);
  });
  return { count: wids.length, wids };
}

/** A customer's message, handed to the process that runs the session. */
function receiveHere(deps: SimulatorDeps, id: number, body: SimulatorInboundBody): Promise<SimulatorMessage> {
  return deps.channels.onOwner(id, "simulator.receive", [body], (answer) => ZSimulatorMessage.parse(answer));
}

/** The conversations of a connection. Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND. */
export async function listSimulatorChats(deps: SimulatorDeps, ctx: RequestContext, id: number): Promise<SimulatorChat[]> {
  await requireConnection(deps, ctx, id);
  return listChats(deps.db, id);
}

/** One page of a conversation. Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND. */
export async function listSimulatorChatMessages(
  deps: SimulatorDeps,
  ctx: RequestContext,
  id: number,
  chatNumber: string,
  page: { pageNumber: number; pageSize: number },
): Promise<SimulatorMessagesPage> {
  await requireConnection(deps, ctx, id);
  return listChatMessages(deps.db, id, chatNumber, page);
}

/** The customer read the company's messages (ack 3). Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND, ERR_SIMULATOR_NOT_CONNECTED. */
export async function readChat(deps: SimulatorDeps, ctx: RequestContext, id: number, chatNumber: string): Promise<{ read: number }> {
  await requireConnection(deps, ctx, id);
  return { read: await whileConnected(() => deps.channels.onOwner(id, "simulator.read", [chatNumber], (answer) => ZCount.parse(answer))) };
}

/**
 * Drops the network: DISCONNECTED, pairing kept.
 * Throws ERR_NO_WAPP_FOUND, ERR_NO_PERMISSION, ERR_SIMULATOR_NOT_CONNECTED when no session runs.
 */
export async function dropNetwork(deps: SimulatorDeps, ctx: RequestContext, id: number): Promise<SimulatorConnection> {
  await requireConnection(deps, ctx, id);
  await whileConnected(() => deps.channels.onOwner(id, "simulator.dropNetwork", [], () => undefined));
  return toDto(deps, await requireConnection(deps, ctx, id));
}

/**
 * Makes every send of the connection fail, or work again, and sets how late sends are answered.
 * Throws ERR_NO_WAPP_FOUND, ERR_NO_PERMISSION.
 */
export async function setRefuseSends(
  deps: SimulatorDeps,
  ctx: RequestContext,
  id: number,
  refuse: boolean,
  answerDelayMs = 0,
): Promise<SimulatorConnection> {
  const row = await requireConnection(deps, ctx, id);
  await deps.channels.onOwner(id, "simulator.refuseSends", [refuse, answerDelayMs], () => undefined);
  deps.events.publish("simulator.changed", { companyId: ctx.companyId, connectionId: id });
  return toDto(deps, row);
}

/**
 * The file of an outbound media message of the company (the phone's copy). Throws ERR_NO_PERMISSION, and
 * ERR_NOT_FOUND when there is none (or it is gone).
 */
export async function openOutboundMedia(
  deps: SimulatorDeps,
  ctx: RequestContext,
  messageId: number,
): Promise<{ stream: ReadStream; mimetype: string; filename: string | null; size: number }> {
  requireSimulatorUser(ctx);
  const media = await findOutboundMedia(deps.db, ctx.companyId, messageId);
  if (!media) throw new AppError("ERR_NOT_FOUND", undefined, "No media for this message");
  const file = await stat(media.path).catch(() => undefined);
  if (!file?.isFile()) throw new AppError("ERR_NOT_FOUND", undefined, "The media file is no longer stored");
  return { stream: createReadStream(media.path), mimetype: media.mimetype, filename: media.filename, size: file.size };
}
