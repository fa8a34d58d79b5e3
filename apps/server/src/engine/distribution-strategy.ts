import { RE2JS } from "re2js";
import type { DistributionStrategy, RuleMatchType } from "@conversa/shared";

/** The longest customer text a rule is matched against (the latest messages, joined). */
export const MATCH_TEXT_MAX = 4000;

/** Lower case without accents: "Promoção" and "PROMOCAO" read the same. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}

/** The keywords of a comma-separated list, folded, without empty ones. */
export function keywordsOf(list: string): string[] {
  return list
    .split(",")
    .map((word) => foldText(word).trim())
    .filter((word) => word.length > 0);
}

/** Whether the text contains one of the comma-separated keywords (case- and accent-insensitive). */
export function matchesKeywords(list: string, text: string): boolean {
  const folded = foldText(text);
  return keywordsOf(list).some((word) => folded.includes(word));
}

const compiled = new Map<string, RE2JS>();
const COMPILED_CACHE_SIZE = 500;

/**
 * A rule's pattern compiled by RE2 (linear time in the text, whatever the pattern: a pattern such
 * as `(a+)+$` cannot stall the event loop). Throws on a pattern RE2 does not accept (look-around,
 * back-references). Compiled patterns are kept (bounded) since every routing reads them.
 */
export function compileRulePattern(pattern: string): RE2JS {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  if (compiled.size >= COMPILED_CACHE_SIZE) compiled.delete(compiled.keys().next().value ?? "");
  compiled.set(pattern, regex);
  return regex;
}

/** Whether RE2 accepts the pattern. */
export function isValidRulePattern(pattern: string): boolean {
  try {
    compileRulePattern(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Whether a rule's match fits the text: keywords, or the regular expression on the text as written or without accents. */
export function ruleMatches(rule: { matchType: RuleMatchType | string; match: string }, text: string): boolean {
  const bounded = text.slice(0, MATCH_TEXT_MAX);
  if (rule.matchType !== "regex") return matchesKeywords(rule.match, bounded);
  let regex: RE2JS;
  try {
    regex = compileRulePattern(rule.match);
  } catch {
    return false;
  }
  return regex.matcher(bounded).find() || regex.matcher(foldText(bounded)).find();
}

/** A user a decision may pick, with what the strategies read. */
export interface Candidate {
  id: number;
  name: string;
  online: boolean;
  /** Whether they have ever logged in: someone who never did is never chosen, whatever the config. */
  hasLoggedIn: boolean;
  /** Open tickets they hold, plus pending ones reserved for them. */
  load: number;
  /** Their latest assignment (null: never), for least_load's tie-break by longest idle. */
  lastAssignedAt: Date | null;
  /** Has logged in, online when asked, under the limit. */
  eligible: boolean;
}

/**
 * Marks who may take one more ticket: someone who has logged in at least once, online when `onlineOnly`,
 * and holding fewer than `maxOpen` (null: no limit).
 */
export function withEligibility<T extends Omit<Candidate, "eligible">>(candidates: readonly T[], onlineOnly: boolean, maxOpen: number | null): (T & { eligible: boolean })[] {
  return candidates.map((candidate) => ({
    ...candidate,
    eligible: (candidate.hasLoggedIn || candidate.online) && (!onlineOnly || candidate.online) && (maxOpen === null || candidate.load < maxOpen),
  }));
}

/**
 * The candidates in the order `ordered` and `round_robin` walk: those named in `order` first, in
 * that order, then the others by id.
 */
export function orderCandidates<T extends { id: number }>(candidates: readonly T[], order: readonly number[]): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  return [...candidates].sort((a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
}

/**
 * The candidate a strategy picks among the eligible ones of `ordered` (already in walking order):
 * - least_load: the fewest tickets held; ties by longest idle (never assigned first), then by order;
 * - ordered: the first eligible in order;
 * - round_robin: the first eligible after `lastUserId` in order, going round (from the first when
 *   `lastUserId` is null or no longer a candidate).
 * Undefined when nobody is eligible.
 */
export function pickCandidate(strategy: DistributionStrategy, ordered: readonly Candidate[], lastUserId: number | null): Candidate | undefined {
  const eligible = ordered.filter((candidate) => candidate.eligible);
  if (eligible.length === 0) return undefined;
  if (strategy === "ordered") return eligible[0];
  if (strategy === "round_robin") {
    const start = lastUserId === null ? -1 : ordered.findIndex((candidate) => candidate.id === lastUserId);
    for (let step = 1; step <= ordered.length; step += 1) {
      const candidate = ordered[(start + step + ordered.length) % ordered.length]!;
      if (candidate.eligible) return candidate;
    }
    return undefined;
  }
  const idle = (candidate: Candidate) => candidate.lastAssignedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return eligible.reduce((best, candidate) => {
    if (candidate.load !== best.load) return candidate.load < best.load ? candidate : best;
    return idle(candidate) < idle(best) ? candidate : best;
  });
}
