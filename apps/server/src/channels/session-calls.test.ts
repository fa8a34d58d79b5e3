import { describe, expect, it } from "vitest";
import { AppError } from "../lib/app-error.ts";
import { callErrorOf, errorOfCall } from "./session-calls.ts";
import { ChannelNotConnectedError, ChannelSendRejectedError } from "./types.ts";

describe("a session op's failure between processes", () => {
  it.each([
    ["a send the network refused for good", new ChannelSendRejectedError("Re-engagement required"), ChannelSendRejectedError, "Re-engagement required"],
    ["a session not connected", new ChannelNotConnectedError(7), ChannelNotConnectedError, "connection 7 is not connected"],
    ["an error of the catalogue", new AppError("ERR_CLOUD_DELETE_UNSUPPORTED", undefined, "cannot delete"), AppError, "cannot delete"],
    ["any other failure", new Error("timeout"), Error, "timeout"],
  ])("comes back to the caller as the same class: %s", (_case, thrown, kind, message) => {
    const received = errorOfCall(callErrorOf(thrown), 7);
    expect(received).toBeInstanceOf(kind);
    expect(received.constructor).toBe(thrown.constructor);
    expect(received.message).toBe(message);
  });
});
