import { lookup as dnsLookup } from "node:dns/promises";
import net from "node:net";
import type { EgressRefusal } from "@conversa/shared";
import ipaddr from "ipaddr.js";
import { Agent, type Dispatcher, buildConnector } from "undici";
import { AppError } from "./app-error.ts";
import type { Slots } from "./slots.ts";

/**
 * The outbound policy of every call whose URL a company chose (its integrations, its prompts' servers,
 * the images its Typebot names, the speech host of its region): such a call may reach only public
 * unicast addresses, checked after DNS resolution, at connect time, on the address actually connected to.
 * The provider's own URLs (OPENAI_BASE_URL, the Dialogflow endpoints, SPEECH_BASE_URL) go unrestricted.
 */

/** Resolves a host name to all its addresses (injectable: tests make a name resolve to loopback). */
export type LookupAddresses = (hostname: string) => Promise<string[]>;

export const systemLookup: LookupAddresses = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** EGRESS_ALLOW: host names (exact, lower case) and CIDRs that company calls may reach although internal. */
export interface EgressAllow {
  hosts: string[];
  cidrs: [Address, number][];
}

export const NO_EXCEPTIONS: EgressAllow = { hosts: [], cidrs: [] };

/** Names of cloud metadata services, refused whatever they resolve to and whatever EGRESS_ALLOW says. */
const METADATA_NAMES = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal", "metadata.azure.internal"]);
/** Addresses of cloud metadata services (AWS, GCP, Azure, Alibaba, ECS task metadata), refused even when EGRESS_ALLOW covers them. */
const METADATA_ADDRESSES = ["169.254.169.254", "169.254.170.2", "169.254.169.253", "168.63.129.16", "100.100.100.200", "fd00:ec2::254", "fd00:ec2::23"].map((a) => ipaddr.parse(a).toNormalizedString());
/** Global unicast IPv6 (2000::/3): anything outside it that ipaddr.js calls unicast (IPv4-compatible ::a.b.c.d …) is refused. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Lower case, without the brackets of an IPv6 literal or a final dot. */
export function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
}

/**
 * Parses EGRESS_ALLOW: comma-separated host names and CIDRs (a bare address counts as /32 or /128).
 * Throws an Error naming the first malformed entry.
 */
export function parseEgressAllow(value: string | undefined): EgressAllow {
  const allow: EgressAllow = { hosts: [], cidrs: [] };
  for (const raw of (value ?? "").split(",").map((item) => item.trim()).filter((item) => item !== "")) {
    const entry = normalizeHost(raw);
    if (entry.includes("/")) {
      if (!ipaddr.isValidCIDR(entry)) throw new Error(`"${raw}" is not a valid CIDR`);
      const [address, bits] = ipaddr.parseCIDR(entry);
      // An IPv4-mapped range is kept as the IPv4 range it maps, as addresses are classified.
      const mapped = address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() && bits >= 96;
      allow.cidrs.push(mapped ? [address.toIPv4Address(), bits - 96] : [address, bits]);
    } else if (net.isIP(entry)) {
      const address = ipaddr.process(entry);
      allow.cidrs.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else if (/^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/.test(entry)) {
      allow.hosts.push(entry);
    } else {
      throw new Error(`"${raw}" is neither a host name nor a CIDR`);
    }
  }
  return allow;
}

/** A refused call: the policy's reason, for the save-time answer and the server log (never the customer). */
export class EgressRefused extends Error {
  constructor(readonly reason: EgressRefusal) {
    super(`refused by the outbound policy (${reason})`);
    this.name = "EgressRefused";
  }
}

const RANGE_REASONS: Record<string, EgressRefusal> = {
  loopback: "loopback",
  private: "private",
  carrierGradeNat: "private",
  uniqueLocal: "private",
  linkLocal: "link-local",
  multicast: "multicast",
  broadcast: "multicast",
  unspecified: "unspecified",
};

/** The policy for one kind of company: refuses every internal address except what `allow` names. */
export class EgressPolicy {
  constructor(
    readonly allow: EgressAllow,
    readonly lookup: LookupAddresses = systemLookup,
  ) {}

  /** Why a host name is refused before any lookup (a metadata name), or undefined. */
  refusalOfName(hostname: string): EgressRefusal | undefined {
    return METADATA_NAMES.has(normalizeHost(hostname)) ? "metadata" : undefined;
  }

  /** Why an address (in any spelling ipaddr.js reads) may not be reached, or undefined; `named`: reached through an allowed host name. */
  refusalOfAddress(text: string, named = false): EgressRefusal | undefined {
    const literal = normalizeHost(text);
    if (!ipaddr.isValid(literal)) return "reserved";
    // IPv4-mapped IPv6 (::ffff:a.b.c.d) is classified as the IPv4 address it carries.
    const address = ipaddr.process(literal);
    if (METADATA_ADDRESSES.includes(address.toNormalizedString())) return "metadata";
    if (named) return undefined;
    if (this.allow.cidrs.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits))) return undefined;
    const range = address.range();
    if (range === "unicast") return address.kind() === "ipv6" && !address.match(GLOBAL_UNICAST_V6) ? "reserved" : undefined;
    // NAT64, 6to4, Teredo and the other ranges embedding or reserving addresses land in "reserved".
    return RANGE_REASONS[range] ?? "reserved";
  }

  /** Whether EGRESS_ALLOW names this host (exact, case-insensitive). */
  allowsName(hostname: string): boolean {
    return this.allow.hosts.includes(normalizeHost(hostname));
  }

  /**
   * The address to connect to for `hostname`: an IP literal as it is, a name through the lookup. Throws
   * EgressRefused when any address it resolves to is refused (so that no answer among several slips through).
   */
  async addressFor(hostname: string): Promise<string> {
    const host = normalizeHost(hostname);
    const byName = this.refusalOfName(host);
    if (byName) throw new EgressRefused(byName);
    const named = !net.isIP(host) && this.allowsName(host);
    const addresses = net.isIP(host) ? [host] : await this.lookup(host);
    if (addresses.length === 0) throw new Error("the name resolved to no address");
    for (const address of addresses) {
      const refusal = this.refusalOfAddress(address, named);
      if (refusal) throw new EgressRefused(refusal);
    }
    return addresses[0]!;
  }

  /**
   * The save-time check of a URL a company stores: http or https only, IP literals classified, metadata
   * names refused, other names resolved within `timeoutMs`. A name that does not resolve (or not in time)
   * is accepted: the connect-time check still holds. Answers the reason, or undefined.
   */
  async refusalOfUrl(url: string, timeoutMs = 2000): Promise<EgressRefusal | undefined> {
    if (!URL.canParse(url)) return "not-http";
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "not-http";
    const host = normalizeHost(parsed.hostname);
    const byName = this.refusalOfName(host);
    if (byName) return byName;
    if (net.isIP(host)) return this.refusalOfAddress(host);
    const named = this.allowsName(host);
    let timer: NodeJS.Timeout | undefined;
    const addresses = await Promise.race([
      this.lookup(host).catch(() => [] as string[]),
      new Promise<string[]>((resolve) => {
        timer = setTimeout(() => resolve([]), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
    for (const address of addresses) {
      const refusal = this.refusalOfAddress(address, named);
      if (refusal) return refusal;
    }
    return undefined;
  }
}

/**
 * The save-time check of a URL a company stores in `field`: throws ERR_URL_NOT_ALLOWED (400, details
 * `{field, reason}`) when the company's policy refuses it.
 */
export async function assertUrlAllowed(policy: EgressPolicy, field: string, url: string): Promise<void> {
  const reason = await policy.refusalOfUrl(url);
  if (reason) throw new AppError("ERR_URL_NOT_ALLOWED", { field, reason }, `${field}: the server may not call this address (${reason})`);
}

/**
 * A connector that resolves the host itself, refuses the connection when the policy refuses any of its
 * addresses, and connects to the address it checked (TLS still names the original host), so that DNS
 * cannot answer one address to the check and another to the connection.
 */
function guardedConnector(policy: EgressPolicy): buildConnector.connector {
  const connect = buildConnector({});
  return (options, callback) => {
    const host = normalizeHost(options.hostname);
    policy.addressFor(host).then(
      (address) => connect({ ...options, hostname: address, ...(net.isIP(host) ? {} : { servername: options.servername ?? host }) }, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error("refused"), null),
    );
  };
}

/**
 * Where an outbound call may go: a company's URL (`tenant`, checked by its policy) or one the provider
 * configured (`installation`, unrestricted). Every bot call names one explicitly; there is no default.
 */
export type Egress = TenantEgress | { scope: "installation"; dispatcher: Dispatcher; slots: Slots };
export interface TenantEgress {
  scope: "tenant";
  policy: EgressPolicy;
  dispatcher: Dispatcher;
  slots: Slots;
}

/** The egress of companies' URLs under `policy`. */
export function tenantEgress(policy: EgressPolicy, slots: Slots): TenantEgress {
  return { scope: "tenant", policy, dispatcher: new Agent({ connect: guardedConnector(policy) }), slots };
}

/** The egress of the provider's own URLs. */
export function installationEgress(slots: Slots): Egress {
  return { scope: "installation", dispatcher: new Agent(), slots };
}
