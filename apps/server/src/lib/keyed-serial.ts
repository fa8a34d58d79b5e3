/**
 * Runs tasks one at a time per key, in the order they were handed in; tasks of different keys run side
 * by side. A failed task does not stop the ones queued after it. Keys with nothing queued are forgotten.
 */
export class KeyedSerial<K> {
  private readonly tails = new Map<K, Promise<void>>();

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or queued. */
  get size(): number {
    return this.tails.size;
  }
}
