import { afterEach, describe, expect, it } from "vitest";
import { type LocalServer, sendJson, startLocalServer } from "../../test/bot-servers.ts";
import { BotFailure, botFetch } from "../bots/runtime.ts";
import { EgressPolicy, EgressRefused, NO_EXCEPTIONS, installationEgress, parseEgressAllow, tenantEgress } from "./egress.ts";
import { Slots } from "./slots.ts";

/** A resolver that knows a few test names and nothing else (no DNS on the test machine). */
const testLookup = async (hostname: string): Promise<string[]> => {
  const names: Record<string, string[]> = {
    "evil.test": ["127.0.0.1"],
    "mixed.test": ["93.184.215.14", "10.0.0.7"],
    "public.test": ["93.184.215.14"],
    "n8n.internal": ["10.1.2.3"],
    localhost: ["127.0.0.1", "::1"],
  };
  const found = names[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return found;
};

const strict = new EgressPolicy(NO_EXCEPTIONS, testLookup);

describe("the outbound policy's address classes", () => {
  const cases: [string, string | undefined][] = [
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["192.168.0.1", "private"],
    ["100.64.0.1", "private"],
    ["fc00::1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["169.254.169.254", "metadata"],
    ["::ffff:169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["168.63.129.16", "metadata"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "multicast"],
    ["192.0.2.1", "reserved"],
    ["198.51.100.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["2001:db8::1", "reserved"],
    ["64:ff9b::7f00:1", "reserved"],
    ["2002:7f00:1::1", "reserved"],
    ["2001:0:4136:e378::1", "reserved"],
    ["::7f00:1", "reserved"],
    ["93.184.215.14", undefined],
    ["2606:2800:21f:cb07:6820:80da:af6b:8b2c", undefined],
  ];
  it.each(cases)("%s is %s", (address, reason) => {
    expect(strict.refusalOfAddress(address)).toBe(reason);
  });
});

describe("EGRESS_ALLOW", () => {
  it("reads host names and CIDRs, and refuses a malformed entry with its text", () => {
    const allow = parseEgressAllow(" N8N.internal , 10.0.0.0/24,127.0.0.1, fd00::/8 ");
    expect(allow.hosts).toEqual(["n8n.internal"]);
    expect(allow.cidrs.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual(["10.0.0.0/24", "127.0.0.1/32", "fd00::/8"]);
    expect(() => parseEgressAllow("10.0.0.0/33")).toThrow('"10.0.0.0/33" is not a valid CIDR');
    expect(() => parseEgressAllow("n8n:5678")).toThrow('"n8n:5678" is neither a host name nor a CIDR');
    expect(parseEgressAllow(undefined)).toEqual(NO_EXCEPTIONS);
  });

  it("lets the named hosts and networks through, never a metadata address", async () => {
    const policy = new EgressPolicy(parseEgressAllow("n8n.internal,127.0.0.1,169.254.0.0/16"), testLookup);
    expect(policy.refusalOfAddress("127.0.0.1")).toBeUndefined();
    expect(policy.refusalOfAddress("::ffff:127.0.0.1")).toBeUndefined();
    expect(policy.refusalOfAddress("127.0.0.2")).toBe("loopback");
    expect(policy.refusalOfAddress("169.254.169.254")).toBe("metadata");
    expect(await policy.addressFor("N8N.Internal")).toBe("10.1.2.3");
    await expect(policy.addressFor("metadata.google.internal")).rejects.toBeInstanceOf(EgressRefused);
  });
});

describe("the save-time check of a URL", () => {
  it("refuses other schemes, internal literals in every spelling, metadata names and names resolving inside", async () => {
    const urls: [string, string | undefined][] = [
      ["ftp://example.com/x", "not-http"],
      ["http://127.1:8080/", "loopback"],
      ["http://2130706433/", "loopback"],
      ["http://0x7f000001/", "loopback"],
      ["http://017700000001/", "loopback"],
      ["http://[::ffff:127.0.0.1]/", "loopback"],
      ["http://0.0.0.0/", "unspecified"],
      ["http://metadata.google.internal./computeMetadata/v1/", "metadata"],
      ["http://METADATA/", "metadata"],
      ["http://evil.test:8080/hook", "loopback"],
      ["http://mixed.test/", "private"],
      ["https://public.test/v1", undefined],
      // A name that does not resolve now is accepted: the connect-time check still holds.
      ["https://not-resolvable.example/v1", undefined],
    ];
    for (const [url, reason] of urls) expect([url, await strict.refusalOfUrl(url)]).toEqual([url, reason]);
  });

  it("accepts a name whose lookup does not answer in time", async () => {
    const hanging = new EgressPolicy(NO_EXCEPTIONS, () => new Promise(() => undefined));
    expect(await hanging.refusalOfUrl("http://slow.test/", 20)).toBeUndefined();
  });
});

describe("a call through the outbound policy", () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("never connects to a refused address, whatever name leads there, and connects when allowed", async () => {
    server = await startLocalServer((_req, res) => sendJson(res, { ok: true }));
    const port = new URL(server.url).port;
    const refused = tenantEgress(strict, new Slots(4));
    for (const host of ["127.0.0.1", "127.1", "[::ffff:127.0.0.1]", "evil.test", "localhost"]) {
      const failure = await botFetch(refused, `http://${host}:${port}/x`, { timeoutMs: 2000 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(BotFailure);
      expect(failure).toMatchObject({ outcome: "refused", message: "refused by the outbound policy" });
    }
    expect(server.requests).toHaveLength(0);
    const allowed = tenantEgress(new EgressPolicy(parseEgressAllow("127.0.0.1"), testLookup), new Slots(4));
    expect((await botFetch(allowed, `http://evil.test:${port}/x`, { timeoutMs: 2000 })).status).toBe(200);
    expect(server.requests[0]!.headers.host).toBe(`evil.test:${port}`);
    expect((await botFetch(installationEgress(new Slots(4)), `${server.url}/y`, { timeoutMs: 2000 })).status).toBe(200);
  });

  it("tells nothing of the connection when the service does not answer", async () => {
    const allowed = tenantEgress(new EgressPolicy(parseEgressAllow("127.0.0.1"), testLookup), new Slots(4));
    const failure = await botFetch(allowed, "http://127.0.0.1:1/x", { timeoutMs: 2000 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ outcome: "no-answer", message: "did not answer" });
    expect(String((failure as Error).message)).not.toMatch(/ECONN|127\.0\.0\.1|:1\b/);
  });

  it("does not follow redirects", async () => {
    server = await startLocalServer((req, res) => {
      if (req.path === "/moved") {
        res.statusCode = 302;
        res.setHeader("location", "/target");
        res.end();
        return;
      }
      sendJson(res, { ok: true });
    });
    const allowed = tenantEgress(new EgressPolicy(parseEgressAllow("127.0.0.1"), testLookup), new Slots(4));
    await expect(botFetch(allowed, `${server.url}/moved`, { timeoutMs: 2000 })).rejects.toMatchObject({ outcome: "no-answer" });
    expect(server.requests.map((r) => r.path)).toEqual(["/moved"]);
  });
});

describe("the limit of concurrent outbound calls", () => {
  it("makes the call past the limit wait for a free slot, and counts the wait in its timeout", async () => {
    let answer: (() => void)[] = [];
    const server = await startLocalServer((_req, res) => {
      answer.push(() => sendJson(res, { ok: true }));
    });
    try {
      const slots = new Slots(2);
      const egress = tenantEgress(new EgressPolicy(parseEgressAllow("127.0.0.1"), testLookup), slots);
      const first = botFetch(egress, server.url, { timeoutMs: 5000 });
      const second = botFetch(egress, server.url, { timeoutMs: 5000 });
      const third = botFetch(egress, server.url, { timeoutMs: 5000 });
      const late = botFetch(egress, server.url, { timeoutMs: 200 });
      await expect(late).rejects.toMatchObject({ outcome: "timeout" });
      expect(server.requests).toHaveLength(2);
      expect(slots.stats).toEqual({ held: 2, waiting: 1 });
      answer.shift()!();
      await first;
      await expect.poll(() => server.requests.length).toBe(3);
      answer.forEach((send) => send());
      answer = [];
      await second;
      await third;
      expect(slots.stats).toEqual({ held: 0, waiting: 0 });
    } finally {
      await server.close();
    }
  });
});

describe("a bounded read", () => {
  it("abandons a chunked answer of 256 MiB at the 2 MB limit, without holding it in memory", async () => {
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    let closed = false;
    const server = await startLocalServer((req, res) => {
      if (req.path === "/small") return sendJson(res, { ok: true });
      res.setHeader("content-type", "application/json");
      res.on("close", () => {
        closed = true;
      });
      const pump = () => {
        while (!closed && sent < 256 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    try {
      const egress = tenantEgress(new EgressPolicy(parseEgressAllow("127.0.0.1"), testLookup), new Slots(4));
      // One small call first, so that the figure leaves out what the first call loads.
      await botFetch(egress, `${server.url}/small`, { timeoutMs: 5000 });
      const before = process.memoryUsage().rss;
      await expect(botFetch(egress, server.url, { timeoutMs: 20_000 })).rejects.toMatchObject({ message: "answer too large" });
      const grown = (process.memoryUsage().rss - before) / 1024 / 1024;
      // The connection is ended: the server stops long before 256 MiB.
      await expect.poll(() => closed).toBe(true);
      expect(sent).toBeLessThan(32 * 1024 * 1024);
      expect(grown).toBeLessThan(24);
      console.log(`bounded read: RSS grew ${grown.toFixed(1)} MiB; the server sent ${(sent / 1024 / 1024).toFixed(1)} MiB before the connection closed`);
    } finally {
      await server.close();
    }
  });
});
