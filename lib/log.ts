import "server-only";
import { env } from "@/lib/env";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogRecord = { level: LogLevel; msg: string; time: string } & Record<string, unknown>;
type Sink = (line: string) => void;
type Watcher = (record: LogRecord) => void;

const ORDER: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const holder = globalThis as typeof globalThis & {
  __studioLogSink?: Sink;
  __studioLogLevel?: LogLevel | "silent";
  __studioLogWatcher?: Watcher;
};

/** Tests capture the log output here; production writes one JSON line per record to stdout. */
export function setLogSink(sink: Sink | undefined, level: LogLevel | "silent" = "debug"): void {
  holder.__studioLogSink = sink;
  holder.__studioLogLevel = sink ? level : undefined;
}

/**
 * The tests' guard (tests/setup/log-guard.ts) sees every warning and error, whatever the level and
 * the sink, so a test that logs one it did not declare fails.
 */
export function watchLogs(watcher: Watcher | undefined): void {
  holder.__studioLogWatcher = watcher;
}

function write(level: LogLevel, msg: string, fields: Record<string, unknown>): void {
  const watcher = ORDER[level] >= ORDER.warn ? holder.__studioLogWatcher : undefined;
  const shown = ORDER[level] >= ORDER[holder.__studioLogLevel ?? env().LOG_LEVEL];
  if (!watcher && !shown) return;
  const record: LogRecord = { level, msg, time: new Date().toISOString(), ...fields };
  watcher?.(record);
  if (!shown) return;
  const line = JSON.stringify(record);
  (holder.__studioLogSink ?? ((text: string) => process.stdout.write(`${text}\n`)))(line);
}

/**
 * Structured logger. Callers pass only fields that are safe to keep: never tokens, links, session
 * ids, cookies, Authorization headers or email bodies.
 */
export const log = {
  debug: (msg: string, fields: Record<string, unknown> = {}) => write("debug", msg, fields),
  info: (msg: string, fields: Record<string, unknown> = {}) => write("info", msg, fields),
  warn: (msg: string, fields: Record<string, unknown> = {}) => write("warn", msg, fields),
  error: (msg: string, fields: Record<string, unknown> = {}) => write("error", msg, fields),
};

/** Masks anything shaped like a credential (long base64url or hex runs) in free text. */
export function redactSecrets(text: string): string {
  return text.replace(/[A-Za-z0-9_-]{32,}/g, "[redacted]");
}
