/** Recordings smaller than this are discarded (spec core §5). */
export const MIN_RECORDING_BYTES = 10000;
/** Recorded audio is sent as MP3 at this bit rate (spec core §9). */
export const MP3_KBPS = 128;
/** Samples per MPEG-1 Layer III frame: the encoder's natural chunk size. */
const FRAME_SAMPLES = 1152;

/** Why the microphone could not be used, as the user is told. */
export type MicrophoneFailure = "denied" | "noDevice" | "busy" | "unsupported" | "failed";

const FAILURE_BY_NAME: Record<string, MicrophoneFailure> = {
  NotAllowedError: "denied",
  PermissionDeniedError: "denied",
  SecurityError: "denied",
  NotFoundError: "noDevice",
  DevicesNotFoundError: "noDevice",
  OverconstrainedError: "noDevice",
  NotReadableError: "busy",
  TrackStartError: "busy",
  NotSupportedError: "unsupported",
};

/** Names a failure to start recording (getUserMedia's errors, or a browser without it). */
export function microphoneFailureOf(error: unknown): MicrophoneFailure {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  return FAILURE_BY_NAME[name] ?? "failed";
}

/** Whether a recording is too small to send (an accidental click on the recorder). */
export function isRecordingTooShort(sizeInBytes: number): boolean {
  return sizeInBytes < MIN_RECORDING_BYTES;
}

/** Float samples (-1…1) as 16-bit PCM. */
export function toPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i += 1) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    pcm[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return pcm;
}

/** The average of the channels of a decoded recording (voice notes are mono). */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < mono.length; i += 1) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  }
  return mono;
}

/** Encodes mono samples as an MP3 file at 128 kbit/s. The encoder is loaded on first use. */
export async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Blob> {
  const { Mp3Encoder } = await import("@breezystack/lamejs");
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const pcm = toPcm16(samples);
  // The encoder hands out signed byte views of its own buffer: copy them as unsigned bytes.
  const parts: BlobPart[] = [];
  for (let i = 0; i < pcm.length; i += FRAME_SAMPLES) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME_SAMPLES));
    if (chunk.length > 0) parts.push(new Uint8Array(chunk));
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail));
  return new Blob(parts, { type: "audio/mpeg" });
}

/** Decodes a browser recording (webm, ogg, mp4) and re-encodes it as MP3, resampled to 44.1 kHz. */
export async function recordingToMp3(recording: Blob): Promise<Blob> {
  const context = new AudioContext({ sampleRate: 44100 });
  try {
    const decoded = await context.decodeAudioData(await recording.arrayBuffer());
    const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
    return await encodeMp3(downmix(channels), decoded.sampleRate);
  } finally {
    void context.close();
  }
}
