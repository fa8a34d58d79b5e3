let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === "undefined" || typeof window.AudioContext !== "function") return null;
  context ??= new window.AudioContext();
  return context;
}

/** Creates (or resumes) the audio context during a user gesture, so that later beeps may play. */
export function unlockAudio(): void {
  const ctx = audioContext();
  if (ctx?.state === "suspended") void ctx.resume().catch(() => undefined);
}

/** A short two-tone beep made with the Web Audio API, at `volume` (0 to 1). */
export function playBeep(volume: number): void {
  if (volume <= 0) return;
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime;
  const gain = ctx.createGain();
  gain.connect(ctx.destination);
  const peak = Math.max(0.0002, 0.35 * Math.min(1, volume));
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
  for (const [frequency, offset] of [[880, 0], [1320, 0.12]] as const) {
    const oscillator = ctx.createOscillator();
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(frequency, start + offset);
    oscillator.connect(gain);
    oscillator.start(start + offset);
    oscillator.stop(start + 0.3);
  }
}
