import { useCallback, useEffect, useRef, useState } from "react";

export type RecorderState = "idle" | "recording";

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
}

/** Opus in Ogg where the browser records it (Firefox), else the browser's default container. */
function pickMimeType(): string | undefined {
  if (typeof MediaRecorder.isTypeSupported !== "function") return undefined;
  return ["audio/ogg;codecs=opus", "audio/webm;codecs=opus"].find((type) => MediaRecorder.isTypeSupported(type));
}

function release(recording: Recording): void {
  for (const track of recording.stream.getTracks()) track.stop();
}

/**
 * Records from the microphone with MediaRecorder. `start` rejects when the microphone cannot be
 * used (permission, no device, busy; NotSupportedError without a recorder in the browser); `finish` resolves with the recording; `cancel` drops it.
 */
export function useAudioRecorder() {
  const [state, setState] = useState<RecorderState>("idle");
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const current = useRef<Recording | null>(null);

  useEffect(
    () => () => {
      const recording = current.current;
      current.current = null;
      if (!recording) return;
      if (recording.recorder.state !== "inactive") recording.recorder.stop();
      release(recording);
    },
    [],
  );

  const start = useCallback(async () => {
    if (current.current) return;
    // Without a secure context (plain http) or in an old browser there is no recorder at all.
    if (typeof navigator.mediaDevices?.getUserMedia !== "function" || typeof MediaRecorder === "undefined") {
      throw new DOMException("Audio recording is not available", "NotSupportedError");
    }
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const recording: Recording = { recorder, stream, chunks: [] };
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) recording.chunks.push(event.data);
    };
    current.current = recording;
    recorder.start();
    setStartedAt(Date.now());
    setState("recording");
  }, []);

  const stop = useCallback((): Promise<Blob | null> => {
    const recording = current.current;
    current.current = null;
    setState("idle");
    setStartedAt(null);
    if (!recording) return Promise.resolve(null);
    return new Promise((resolve) => {
      const done = () => {
        release(recording);
        resolve(new Blob(recording.chunks, { type: recording.recorder.mimeType || "audio/webm" }));
      };
      if (recording.recorder.state === "inactive") {
        done();
        return;
      }
      recording.recorder.onstop = done;
      recording.recorder.stop();
    });
  }, []);

  const finish = useCallback(() => stop(), [stop]);
  const cancel = useCallback(() => void stop(), [stop]);

  return { state, startedAt, start, finish, cancel };
}
