import { originOf } from "../../lib/url-origin.ts";

/**
 * What an update does to the signing secret: `renew` it (asked with `renewSecret`, none stored yet, or
 * the calls move to another origin — scheme, host and port of `urlN8N` — so that nothing signed with
 * the old secret reaches the new address), `drop` it (the calls move and the new type signs nothing:
 * a later switch back to webhook or n8n then gets a new one), or `keep` it.
 */
export function signingSecretChange(current: { urlN8N: string; hasSecret: boolean }, next: { urlN8N: string; signs: boolean; renewSecret?: boolean }): "renew" | "drop" | "keep" {
  const moved = originOf(current.urlN8N) !== originOf(next.urlN8N);
  if (next.signs) return next.renewSecret === true || !current.hasSecret || moved ? "renew" : "keep";
  return moved && current.hasSecret ? "drop" : "keep";
}
