import type { ConnectionProvider } from "@conversa/shared";
import type { ChannelDriver, DriverConnection, OutboundMessage, PhoneContact } from "./types.ts";

/**
 * A driver whose module, and the library behind it, is loaded when it is first needed: a process that
 * never runs a session of its provider never pays for it (Baileys alone is about 55 MB of memory, and in
 * a deployment of several processes only the ones that own sessions need it). `stop` before any load
 * has nothing to stop and loads nothing; every other call loads the driver once and is handed to it.
 */
export class LazyDriver implements Required<ChannelDriver> {
  private loaded: Promise<Required<ChannelDriver>> | undefined;

  constructor(
    readonly provider: ConnectionProvider,
    private readonly load: () => Promise<Required<ChannelDriver>>,
  ) {}

  /** Whether the driver's module has been asked for (tests, metrics). */
  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  private driver(): Promise<Required<ChannelDriver>> {
    this.loaded ??= this.load().catch((error: unknown) => {
      // A failed load (a missing optional dependency, say) is tried again on the next call.
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  async start(connection: DriverConnection): Promise<void> {
    return (await this.driver()).start(connection);
  }

  async stop(connectionId: number): Promise<void> {
    if (!this.loaded) return;
    return (await this.driver()).stop(connectionId);
  }

  async logout(connectionId: number): Promise<void> {
    return (await this.driver()).logout(connectionId);
  }

  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    return (await this.driver()).send(connectionId, message);
  }

  async deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void> {
    return (await this.driver()).deleteMessage(connectionId, target);
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    return (await this.driver()).checkNumber(connectionId, number);
  }

  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    return (await this.driver()).markRead(connectionId, chat, wids);
  }

  async profilePictureUrl(connectionId: number, number: string): Promise<string | null> {
    return (await this.driver()).profilePictureUrl(connectionId, number);
  }

  async listContacts(connectionId: number): Promise<PhoneContact[]> {
    return (await this.driver()).listContacts(connectionId);
  }
}
