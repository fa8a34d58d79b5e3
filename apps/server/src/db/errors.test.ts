import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    { name: "a refused connection", error: withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), expected: true },
    { name: "a reset connection", error: withCode("read ECONNRESET", "ECONNRESET"), expected: true },
    { name: "an unknown host", error: withCode("getaddrinfo ENOTFOUND db", "ENOTFOUND"), expected: true },
    { name: "a connection dropped by the server", error: new Error("Connection terminated unexpectedly"), expected: true },
    { name: "a connect that timed out", error: new Error("timeout exceeded when trying to connect"), expected: true },
    { name: "a query on a dead client", error: new Error("Client was closed and is not queryable"), expected: true },
    { name: "the backend terminated by an administrator (57P01)", error: withCode("terminating connection due to administrator command", "57P01"), expected: true },
    { name: "a server that is starting (57P03)", error: withCode("the database system is starting up", "57P03"), expected: true },
    { name: "no connection slot left (53300)", error: withCode("sorry, too many clients already", "53300"), expected: true },
    { name: "a connection exception (class 08)", error: withCode("connection failure", "08006"), expected: true },
    { name: "a driver error wrapped by Drizzle", error: new DrizzleQueryError("select 1", [], new Error("Connection terminated unexpectedly")), expected: true },
    { name: "one attempt of an AggregateError", error: new AggregateError([new Error("x"), withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")]), expected: true },
    { name: "a unique violation", error: withCode("duplicate key value violates unique constraint", "23505"), expected: false },
    { name: "a syntax error wrapped by Drizzle", error: new DrizzleQueryError("selec 1", [], withCode("syntax error", "42601")), expected: false },
    { name: "a plain error", error: new Error("boom"), expected: false },
    { name: "not an error", error: "Connection terminated", expected: false },
    { name: "nothing", error: undefined, expected: false },
  ])("$name → $expected", ({ error, expected }) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });

  it("stops on a cause that refers to itself", () => {
    const error: Error & { cause?: unknown } = new Error("loop");
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
