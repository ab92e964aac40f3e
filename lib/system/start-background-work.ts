import "server-only";
import { appWork } from "@/lib/jobs/app-jobs";
import { startJobs } from "@/lib/jobs/wake";

const background = globalThis as typeof globalThis & { __studioBackgroundStarted?: boolean };

/**
 * A serving process's background work, started once: the jobs runner's sweep (lib/jobs,
 * decision 0028), which also runs what a process that died left in the outboxes. Started by the servers when they boot
 * (instrumentation.ts; the tests' app server and api helper), never on import: `next build` loads
 * the server code too, and must not touch a database.
 */
export function startBackgroundWork(): void {
  if (background.__studioBackgroundStarted) return;
  background.__studioBackgroundStarted = true;
  startJobs(appWork);
}
