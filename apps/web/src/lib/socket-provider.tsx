import type { CompanyChannel } from "@conversa/shared";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { refreshSession } from "./api-client.ts";
import { i18n } from "./i18n.ts";
import {
  type CompanyEventHandler,
  createBrowserSocket,
  type InstallationEvent,
  type JoinKind,
  RealtimeClient,
  type RealtimeSession,
  type RealtimeStatus,
} from "./socket.ts";
import { showToast } from "./toast.ts";

const RealtimeContext = createContext<RealtimeClient | null>(null);

function createClient(): RealtimeClient {
  return new RealtimeClient({
    createSocket: createBrowserSocket,
    refreshToken: refreshSession,
    reloadPage: () => window.location.reload(),
    notifySessionReplaced: () => showToast(i18n.t("session.replaced"), "warning"),
  });
}

/** Holds the session's realtime connection: connected while `session` is set, closed after. */
export function SocketProvider({ session, children }: { session: RealtimeSession | null; children: ReactNode }) {
  const [client] = useState(createClient);
  const companyId = session?.companyId;
  const userId = session?.userId;

  useEffect(() => {
    if (companyId === undefined || userId === undefined) return;
    client.start({ companyId, userId });
    return () => client.stop();
  }, [client, companyId, userId]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error("Realtime hooks must be used inside SocketProvider");
  return client;
}

/** Runs `handler` for every `company-{id}-{channel}` event of the session (payload to be parsed). */
export function useCompanyEvent(channel: CompanyChannel, handler: CompanyEventHandler): void {
  const client = useRealtimeClient();
  const onEvent = useEffectEvent(handler);
  useEffect(() => client.onCompanyEvent(channel, (payload) => onEvent(payload)), [client, channel]);
}

/** Runs `handler` for every installation event of that name (`company-announcement`; payload to be parsed). */
export function useInstallationEvent(event: InstallationEvent, handler: CompanyEventHandler): void {
  const client = useRealtimeClient();
  const onEvent = useEffectEvent(handler);
  useEffect(() => client.onInstallationEvent(event, (payload) => onEvent(payload)), [client, event]);
}

/** Runs `handler` whenever the realtime connection comes back after a disconnection (events were missed meanwhile). */
export function useRealtimeReconnect(handler: () => void): void {
  const client = useRealtimeClient();
  const onReconnect = useEffectEvent(handler);
  useEffect(() => client.onReconnect(() => onReconnect()), [client]);
}

/** Joins a realtime room while the calling component is mounted (and `enabled`). */
export function useRealtimeJoin(kind: JoinKind, arg?: string | number, enabled = true): void {
  const client = useRealtimeClient();
  useEffect(() => (enabled ? client.join(kind, arg) : undefined), [client, kind, arg, enabled]);
}

/** The realtime connection's status, re-rendering the caller when it changes. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  const subscribe = useCallback((onChange: () => void) => client.onStatusChange(onChange), [client]);
  return useSyncExternalStore(subscribe, () => client.getStatus());
}
