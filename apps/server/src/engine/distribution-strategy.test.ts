import { describe, expect, it } from "vitest";
import { type Candidate, foldText, isValidRulePattern, matchesKeywords, orderCandidates, pickCandidate, ruleMatches, withEligibility } from "./distribution-strategy.ts";

const agent = (id: number, load: number, extra: Partial<Candidate> = {}): Candidate => ({ id, name: `A${id}`, online: true, hasLoggedIn: true, load, lastAssignedAt: null, eligible: true, ...extra });

describe("keyword matching", () => {
  it.each([
    ["promoção, desconto", "Quero a PROMOCAO de hoje", true],
    ["promocao", "Promoção!", true],
    [" boleto ,  , pix", "meu PIX não caiu", true],
    ["boleto", "cartão de crédito", false],
    [",,", "qualquer coisa", false],
  ])("%j in %j → %s", (list, text, expected) => {
    expect(matchesKeywords(list, text)).toBe(expected);
  });

  it("folds case and accents", () => {
    expect(foldText("ÁÉÍÕÇ ação")).toBe("aeioc acao");
  });
});

describe("regular expression matching", () => {
  it("matches without case, on the text as written or without accents", () => {
    expect(ruleMatches({ matchType: "regex", match: "^pedido\\s+\\d+" }, "PEDIDO 123")).toBe(true);
    expect(ruleMatches({ matchType: "regex", match: "promocao" }, "promoção")).toBe(true);
    expect(ruleMatches({ matchType: "regex", match: "^pedido\\s+\\d+$" }, "meu pedido 12")).toBe(false);
  });

  it("answers a catastrophic pattern on a long hostile text at once (RE2: linear time, no backtracking)", () => {
    // With a backtracking engine this takes longer than the age of the universe; the test's timeout is the bound.
    expect(ruleMatches({ matchType: "regex", match: "(a+)+$" }, `${"a".repeat(3900)}!`)).toBe(false);
    expect(ruleMatches({ matchType: "regex", match: "(a+)+$" }, `!${"a".repeat(3900)}`)).toBe(true);
    expect(ruleMatches({ matchType: "regex", match: "^(a|aa)+$" }, `${"a".repeat(3900)}!`)).toBe(false);
    expect(ruleMatches({ matchType: "regex", match: "^(([a-z])+.)+[A-Z]([a-z])+$" }, `${"aaaaaaaaaa".repeat(390)}!`)).toBe(false);
  });

  it("refuses patterns RE2 cannot run in linear time, and matches nothing with them", () => {
    expect(isValidRulePattern("(?=a)b")).toBe(false);
    expect(isValidRulePattern("(a)\\1")).toBe(false);
    expect(isValidRulePattern("[unclosed")).toBe(false);
    expect(isValidRulePattern("pedido|entrega")).toBe(true);
    expect(ruleMatches({ matchType: "regex", match: "(a)\\1" }, "aa")).toBe(false);
  });
});

describe("eligibility", () => {
  it("needs the user online only when asked, and under the limit", () => {
    const base = [agent(1, 0, { online: false }), agent(2, 2), agent(3, 1)];
    expect(withEligibility(base, true, null).map((c) => c.eligible)).toEqual([false, true, true]);
    expect(withEligibility(base, false, 2).map((c) => c.eligible)).toEqual([true, false, true]);
  });

  it("never takes a user who has never logged in, whatever the online flag asks", () => {
    const base = [agent(1, 0, { online: false, hasLoggedIn: false }), agent(2, 0, { online: false }), agent(3, 0)];
    expect(withEligibility(base, false, null).map((c) => c.eligible)).toEqual([false, true, true]);
    expect(withEligibility(base, true, null).map((c) => c.eligible)).toEqual([false, false, true]);
  });
});

describe("strategies", () => {
  it("least_load picks the fewest tickets, ties by longest idle (never assigned first)", () => {
    const earlier = new Date("2026-01-01T10:00:00Z");
    const later = new Date("2026-01-01T11:00:00Z");
    expect(pickCandidate("least_load", [agent(1, 3), agent(2, 1), agent(3, 2)], null)?.id).toBe(2);
    expect(pickCandidate("least_load", [agent(1, 1, { lastAssignedAt: later }), agent(2, 1, { lastAssignedAt: earlier })], null)?.id).toBe(2);
    expect(pickCandidate("least_load", [agent(1, 1, { lastAssignedAt: earlier }), agent(2, 1)], null)?.id).toBe(2);
    expect(pickCandidate("least_load", [agent(1, 0, { eligible: false }), agent(2, 5)], null)?.id).toBe(2);
  });

  it("ordered takes the first eligible candidate in order", () => {
    const ordered = orderCandidates([agent(1, 0), agent(2, 0), agent(3, 0, { eligible: false })], [3, 2, 1]);
    expect(ordered.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(pickCandidate("ordered", ordered, null)?.id).toBe(2);
  });

  it("round_robin goes round after the last turn, skipping only those who cannot take one", () => {
    const ordered = [agent(1, 0), agent(2, 0), agent(3, 0)];
    const turns: number[] = [];
    let last: number | null = null;
    for (let i = 0; i < 6; i += 1) {
      last = pickCandidate("round_robin", ordered, last)!.id;
      turns.push(last);
    }
    expect(turns).toEqual([1, 2, 3, 1, 2, 3]);
    expect(pickCandidate("round_robin", [agent(1, 0), agent(2, 0, { eligible: false }), agent(3, 0)], 1)?.id).toBe(3);
    // A pointer on someone who is no longer a candidate starts again from the first.
    expect(pickCandidate("round_robin", ordered, 99)?.id).toBe(1);
  });

  it("answers nobody when no candidate is eligible", () => {
    for (const strategy of ["least_load", "round_robin", "ordered"] as const) {
      expect(pickCandidate(strategy, [agent(1, 0, { eligible: false })], null)).toBeUndefined();
      expect(pickCandidate(strategy, [], null)).toBeUndefined();
    }
  });

  it("orders the named candidates first, the others by id", () => {
    expect(orderCandidates([agent(5, 0), agent(2, 0), agent(9, 0)], [9]).map((c) => c.id)).toEqual([9, 2, 5]);
  });
});
