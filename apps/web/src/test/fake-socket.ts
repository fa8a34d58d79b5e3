import type { RealtimeSocket } from "../lib/socket.ts";

type Listener = (...args: unknown[]) => void;

/** An in-memory stand-in for a Socket.IO client socket. */
export class FakeSocket implements RealtimeSocket {
  connected = false;
  connectCalls = 0;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  private readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: (event: string, ...args: unknown[]) => void): this {
    this.anyListeners.push(listener);
    return this;
  }

  /** The server accepted the connection. */
  acceptConnection(): void {
    this.connected = true;
    this.fire("connect");
  }

  /** The connection dropped (network, server restart): Socket.IO reports it and tries again. */
  dropConnection(): void {
    this.connected = false;
    this.fire("disconnect", "transport close");
  }

  /** The handshake was refused with this message (as a server middleware `next(new Error(...))`). */
  refuseConnection(message: string): void {
    this.connected = false;
    this.fire("connect_error", new Error(message));
  }

  /** A server event reaches the client. */
  receive(event: string, payload: unknown): void {
    for (const listener of this.anyListeners) listener(event, payload);
  }

  emittedEvents(): string[] {
    return this.emitted.map((entry) => entry.event);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}
