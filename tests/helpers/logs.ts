// Declaring the warnings and errors a test provokes, for the log guard (tests/setup/log-guard.ts):
// any other a test logs fails it. In a test (or a beforeEach) a declaration lasts for that test; in
// a beforeAll or at a file's top level, for the whole file.
import { declareLogged, type GuardedLevel } from "@/tests/setup/log-guard";

/**
 * The test logs this: a record of `level` whose text (the app log's message followed by its fields
 * as JSON, or the console line) matches `pattern`, at least once, else the test fails.
 */
export function expectLogged(level: GuardedLevel, pattern: RegExp): void {
  declareLogged(level, pattern, true);
}

/** The test may log this (a retry that timing may or may not bring about): allowed, not required. */
export function allowLogged(level: GuardedLevel, pattern: RegExp): void {
  declareLogged(level, pattern, false);
}

/**
 * What the jobs runner warns of each kind of work when a wake finds no database (lib/jobs/wake.ts):
 * "booking emails not drained", "class reminders not scheduled"… For a test that takes the database
 * away while the runner may wake.
 */
export const JOBS_WITHOUT_A_DATABASE = /^[\w -]+ not (drained|scheduled) \{"errorName":"\w+"\}$/;
