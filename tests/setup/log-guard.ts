// A test that logs an error or a warning it did not declare fails (issue 44 §5, as Epic Stack does
// with console.error). Both the app's own log (lib/log.ts: log.warn, log.error, seen whatever
// LOG_LEVEL and the sink a test set) and the console (console.warn, console.error) are watched.
//
// What is logged is recorded, not thrown where it is logged: a throw inside log.error would change
// what the code under test does (a catch block, a job's settlement). The test's afterEach fails
// with the first line of each record. A record arriving while no test runs (a job finishing after
// the test that woke it) counts for the next test, and what arrives after the file's last test for
// the file (its afterAll). A test that provokes a record declares it: expectLogged or allowLogged
// (tests/helpers/logs.ts).
import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";
import { redactSecrets, watchLogs, type LogRecord } from "@/lib/log";

export type GuardedLevel = "warn" | "error";
type Source = "log" | "console";
type Expectation = { level: GuardedLevel; pattern: RegExp; required: boolean; seen: number; wholeFile: boolean };
type Guard = { inTest: boolean; unexpected: string[]; expectations: Expectation[]; installed: boolean };

const holder = globalThis as typeof globalThis & { __studioLogGuard?: Guard };
const guard: Guard = (holder.__studioLogGuard ??= {
  inTest: false,
  unexpected: [],
  expectations: [],
  installed: false,
});

/** Declares a record the current test (or, outside a test, the file) provokes. */
export function declareLogged(level: GuardedLevel, pattern: RegExp, required: boolean): void {
  guard.expectations.push({ level, pattern, required, seen: 0, wholeFile: !guard.inTest });
}

/** One line naming a record: where it came from, its level and its first line, credentials masked. */
function summary(source: Source, level: GuardedLevel, text: string): string {
  const firstLine = text.split("\n", 1)[0] ?? "";
  const short = firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine;
  return `${source}.${level}: ${redactSecrets(short)}`;
}

/** Whether a declaration covers the record (the test's own before the file's); counts it if so. */
function declared(level: GuardedLevel, text: string): boolean {
  const covers = (each: Expectation) => each.level === level && each.pattern.test(text);
  const expectation =
    guard.expectations.find((each) => !each.wholeFile && covers(each)) ??
    guard.expectations.find((each) => each.wholeFile && covers(each));
  if (expectation) expectation.seen += 1;
  return expectation !== undefined;
}

function observe(source: Source, level: GuardedLevel, text: string): boolean {
  if (declared(level, text)) return true;
  guard.unexpected.push(summary(source, level, text));
  return false;
}

/** Empties what was recorded and declared (for the scope ending) and says what was wrong. */
export function settle(scope: "test" | "file"): string[] {
  const times = new Map<string, number>();
  for (const line of guard.unexpected) times.set(line, (times.get(line) ?? 0) + 1);
  const problems = [...times].map(([line, count]) => `unexpected ${line}${count > 1 ? ` (${count} times)` : ""}`);
  guard.unexpected = [];
  const ending = guard.expectations.filter((each) => scope === "file" || !each.wholeFile);
  for (const each of ending) {
    if (each.required && each.seen === 0)
      problems.push(`expected ${each.level} ${String(each.pattern)} was not logged`);
  }
  guard.expectations = guard.expectations.filter((each) => !ending.includes(each));
  return problems;
}

function fail(problems: string[], during: string): void {
  if (problems.length === 0) return;
  throw new Error(
    `${during} (tests/setup/log-guard.ts; a test that provokes a log declares it with expectLogged or ` +
      `allowLogged from tests/helpers/logs.ts):\n  ${problems.join("\n  ")}`,
  );
}

/**
 * Watches the app's log and the console, and fails a test at its end for what it logged without
 * declaring it. Installed by the tests' setup unless LOG_GUARD=off (a run that looks past the log,
 * bisecting something else); without it, declarations are inert.
 */
export function installLogGuard(): void {
  if (guard.installed) return;
  guard.installed = true;
  // The app's log: matched on its message followed by its fields as JSON.
  watchLogs((record: LogRecord) => {
    const { level, msg, time: _time, ...fields } = record;
    const text = Object.keys(fields).length > 0 ? `${msg} ${JSON.stringify(fields)}` : msg;
    observe("log", level === "error" ? "error" : "warn", text);
  });

  // The console: a declared line is kept quiet; an unexpected one is still printed as before.
  for (const level of ["warn", "error"] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      if (!observe("console", level, format(...args))) original(...args);
    };
  }

  beforeEach(() => {
    guard.inTest = true;
  });

  // Registered first, so with Vitest's stacked hooks it runs after the test file's own afterEach
  // (which may drain a queue, stop a server): what those log counts for the test.
  afterEach(() => {
    guard.inTest = false;
    fail(settle("test"), "the log during the test");
  });
}

/** Called by the setup's afterAll once the file's background work has stopped. */
export function settleFile(): void {
  if (!guard.installed) return;
  fail(settle("file"), "the log after the file's last test");
}
