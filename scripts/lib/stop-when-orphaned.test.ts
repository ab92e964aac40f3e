// stopWhenOrphaned in a real process tree: test → parent (a node process, standing in for npm's
// shell) → watcher. The watcher must not stop while its parent lives, and must stop once it is gone.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const MODULE = pathToFileURL(path.join(import.meta.dirname, "stop-when-orphaned.mjs")).href;

const WATCHER = `
import { stopWhenOrphaned } from ${JSON.stringify(MODULE)};
stopWhenOrphaned(() => { console.log("stopped"); process.exit(0); }, 50);
setInterval(() => {}, 1000);
console.log("watching " + process.pid);
`;

// The parent starts the watcher on the test's own stdout and then does nothing.
const PARENT = `
const { spawn } = require("node:child_process");
spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", ${JSON.stringify(WATCHER)}], { stdio: "inherit" });
setInterval(() => {}, 1000);
`;

let parent: ChildProcess | undefined;
let watcherPid: number | undefined;

afterEach(() => {
  parent?.kill("SIGKILL");
  if (watcherPid) {
    try {
      process.kill(watcherPid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

function waitFor(output: () => string, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const match = pattern.exec(output());
      if (match || Date.now() - started > timeoutMs) {
        clearInterval(poll);
        if (match) resolve(match);
        else reject(new Error(`no ${pattern} within ${timeoutMs} ms in:\n${output()}`));
      }
    }, 20);
  });
}

describe("stopWhenOrphaned", () => {
  it("stops the process once the process that started it has gone, not before", async () => {
    parent = spawn(process.execPath, ["-e", PARENT], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    parent.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    parent.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));

    watcherPid = Number((await waitFor(() => output, /watching (\d+)/, 20_000))[1]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // six checks with the parent alive
    expect(output).not.toContain("stopped");

    parent.kill("SIGKILL");
    await waitFor(() => output, /stopped/, 5_000);
  });
});
