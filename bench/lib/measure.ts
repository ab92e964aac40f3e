// Small helpers shared by the benches: timing statistics, the figures table and in-process route calls.

export type Stats = { medianMs: number; p95Ms: number };

/** One line of the figures table printed by bench/run.ts. */
export type Figure = { bench: string; measure: string; value: string };

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return { medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
}

export const formatStats = (s: Stats) => `median ${s.medianMs} ms, p95 ${s.p95Ms} ms`;

export function progress(bench: string, message: string): void {
  console.log(`[bench] ${bench}: ${message}`);
}

type RouteModule = Record<string, unknown>;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * Calls an exported method handler of a route module the way Next does (tests/helpers/api.ts does
 * the same with path matching): a real Request, the route params, the body read to the end.
 * Returns the status, the parsed body and the milliseconds the call took.
 */
export async function callRoute(
  module: RouteModule,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; ms: number }> {
  const handler = module[method] as Handler | undefined;
  if (!handler) throw new Error(`the route module exports no ${method}`);
  const headers = new Headers();
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  const request = new Request(new URL(`/api${path}`, "http://localhost:3000"), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const started = performance.now();
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  const ms = performance.now() - started;
  return { status: response.status, body: text ? JSON.parse(text) : undefined, ms };
}

export function printFigures(figures: Figure[]): void {
  const widths = {
    bench: Math.max(5, ...figures.map((f) => f.bench.length)),
    measure: Math.max(7, ...figures.map((f) => f.measure.length)),
  };
  const line = (a: string, b: string, c: string) => `${a.padEnd(widths.bench)}  ${b.padEnd(widths.measure)}  ${c}`;
  console.log("");
  console.log(line("bench", "measure", "figure"));
  console.log(line("-".repeat(widths.bench), "-".repeat(widths.measure), "-".repeat(30)));
  for (const figure of figures) console.log(line(figure.bench, figure.measure, figure.value));
}

/** One aim of a bench (bench/run.ts prints them all in one table at the end). */
export type Aim = { aim: string; figure: string; holds: boolean };

/** What a bench answers: its figures, and its aims if it has any. */
export type BenchResult = { figures: Figure[]; aims: Aim[] };

export function printAims(aims: Aim[]): void {
  const widths = {
    aim: Math.max(3, ...aims.map((a) => a.aim.length)),
    figure: Math.max(6, ...aims.map((a) => a.figure.length)),
  };
  const line = (a: string, b: string, c: string) => `${a.padEnd(widths.aim)}  ${b.padEnd(widths.figure)}  ${c}`;
  console.log("");
  console.log(line("aim", "figure", "holds"));
  console.log(line("-".repeat(widths.aim), "-".repeat(widths.figure), "-----"));
  for (const aim of aims) console.log(line(aim.aim, aim.figure, aim.holds ? "yes" : "NO"));
}
