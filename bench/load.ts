/** A small closed-loop HTTP load generator: N workers, each sending the next request when the last answered. */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Every request's latency in ms, sorted. */
  latencies: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A request of the load: a URL to GET, or a URL with its method and body. */
export type LoadRequest = string | { url: string; method: string; body: string };

export async function runLoad(name: string, makeRequest: () => LoadRequest, headers: Record<string, string>, options: { concurrency: number; seconds: number }): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const request = makeRequest();
      const response =
        typeof request === "string"
          ? await fetch(request, { headers })
          : await fetch(request.url, { method: request.method, body: request.body, headers: { ...headers, "content-type": "application/json" } });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    requests: latencies.length,
    errors,
    rps: round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    latencies,
  };
}

/** The head of the Markdown table that `tableRow` fills. */
export const TABLE_HEAD = "| scenario | requests | errors | req/s | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|---|---|";

export function tableRow(r: LoadResult): string {
  return `| ${r.name} | ${r.requests} | ${r.errors} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} |`;
}
