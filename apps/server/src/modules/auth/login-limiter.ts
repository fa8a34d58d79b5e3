/**
 * Counts failed logins per key (client address, account) in a fixed window.
 * In memory: with several server processes each counts on its own (documented in docs/architecture.md).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (entry.resetAt <= now) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.maxFailures ? entry.resetAt - now : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
      this.prune(now);
      return;
    }
    entry.count += 1;
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private prune(now: number): void {
    if (this.failures.size < 10_000) return;
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
