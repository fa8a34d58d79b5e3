/** Resolves after `ms` (forms delay their submission, spec core §9). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
