import net from "node:net";

/** What the proxy does with a new connection: forward it, hang up at once, or accept it and never answer. */
export type ProxyMode = "up" | "refuse" | "hang";

/**
 * A TCP proxy between the app and its PostgreSQL server, to play a server restart without touching the
 * shared server: `cut()` destroys every open connection at once (what clients see when the server goes
 * down), `setMode("refuse" | "hang")` keeps it down for a while, `setMode("up")` brings it back.
 */
export class TcpProxy {
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();
  /** Connections accepted while hanging: never forwarded, ended when the proxy comes back. */
  private readonly hanging = new Set<net.Socket>();
  private mode: ProxyMode = "up";
  /** Connections forwarded to the server since the proxy started. */
  forwarded = 0;
  /** Connections refused or left hanging while the proxy was down. */
  turnedAway = 0;
  /** Connections destroyed by `cut()`. */
  cutConnections = 0;

  private constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  /** Listens on an ephemeral port of 127.0.0.1 and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await new Promise<void>((resolve, reject) => {
      proxy.server.once("error", reject);
      proxy.server.listen(0, "127.0.0.1", () => resolve());
    });
    return proxy;
  }

  get port(): number {
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("proxy is not listening");
    return address.port;
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(this.port);
    return proxied.toString();
  }

  setMode(mode: ProxyMode): void {
    this.mode = mode;
    if (mode !== "up") return;
    // Connections left hanging belong to the outage: they end with it, as a restarted server's would.
    for (const socket of this.hanging) socket.destroy();
    this.hanging.clear();
  }

  /** Destroys every open connection, both sides, at once. Answers how many client connections it cut. */
  cut(): number {
    let clients = 0;
    for (const socket of this.open) {
      if (socket.localPort === this.port) clients += 1;
      socket.destroy();
    }
    this.open.clear();
    this.cutConnections += clients;
    return clients;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: net.Socket): void {
    this.open.add(socket);
    socket.on("close", () => this.open.delete(socket));
    // A reset on one side is the end of that pair, nothing more.
    socket.on("error", () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    if (this.mode === "refuse") {
      this.turnedAway += 1;
      client.on("error", () => undefined);
      client.destroy();
      return;
    }
    this.track(client);
    if (this.mode === "hang") {
      this.turnedAway += 1;
      this.hanging.add(client);
      client.on("close", () => this.hanging.delete(client));
      return;
    }
    this.forwarded += 1;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  }
}
