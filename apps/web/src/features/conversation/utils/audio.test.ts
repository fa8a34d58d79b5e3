import { describe, expect, it } from "vitest";
import { downmix, encodeMp3, isRecordingTooShort, microphoneFailureOf, MIN_RECORDING_BYTES, toPcm16 } from "./audio.ts";

/** jsdom's Blob has no arrayBuffer(): read it as a browser of old would. */
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(new Uint8Array(reader.result)) : reject(new Error("not binary")));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsArrayBuffer(blob);
  });
}

describe("isRecordingTooShort", () => {
  it.each([
    [0, true],
    [9999, true],
    [MIN_RECORDING_BYTES, false],
    [250_000, false],
  ])("treats %i bytes as too short: %s", (size, tooShort) => {
    expect(isRecordingTooShort(size)).toBe(tooShort);
  });
});

describe("toPcm16", () => {
  it("scales and clips float samples to 16 bits", () => {
    expect(Array.from(toPcm16(new Float32Array([0, 1, -1, 2, -2, 0.5])))).toEqual([0, 32767, -32768, 32767, -32768, 16383]);
  });
});

describe("downmix", () => {
  it("averages the channels", () => {
    expect(Array.from(downmix([new Float32Array([1, 0]), new Float32Array([0, 0.5])]))).toEqual([0.5, 0.25]);
  });
});

describe("encodeMp3", () => {
  it("encodes two seconds of a tone as an MP3 of about 128 kbit/s", async () => {
    const rate = 44100;
    const samples = Float32Array.from({ length: rate * 2 }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 440 * i) / rate));
    const mp3 = await encodeMp3(samples, rate);
    const bytes = await readBytes(mp3);
    expect(mp3.type).toBe("audio/mpeg");
    // MPEG-1 Layer III frame sync, as the server's content check expects.
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfb]);
    expect(bytes.length).toBeGreaterThan(30_000);
    expect(bytes.length).toBeLessThan(36_000);
    expect(isRecordingTooShort(bytes.length)).toBe(false);
  });
});

describe("microphoneFailureOf", () => {
  it.each([
    ["NotAllowedError", "denied"],
    ["SecurityError", "denied"],
    ["NotFoundError", "noDevice"],
    ["OverconstrainedError", "noDevice"],
    ["NotReadableError", "busy"],
    ["NotSupportedError", "unsupported"],
    ["AbortError", "failed"],
  ])("names a %s %j", (name, failure) => {
    expect(microphoneFailureOf(new DOMException("x", name))).toBe(failure);
  });

  it("calls anything else a failure", () => {
    expect(microphoneFailureOf(new TypeError("undefined is not a function"))).toBe("failed");
    expect(microphoneFailureOf("nope")).toBe("failed");
  });
});
