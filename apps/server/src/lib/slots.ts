/** A counting semaphore: at most `size` holders at once; the others wait in order, or give up when their signal aborts. */
export class Slots {
  private held = 0;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(readonly size: number) {}

  /** How many holders and waiters there are now (for tests and metrics). */
  get stats(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.waiting.length };
  }

  /** Waits for a slot; rejects with the signal's reason when it aborts first. Call the answered function once to give it back. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.held -= 1;
    };
    if (this.held < this.size) {
      this.held += 1;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }
}
