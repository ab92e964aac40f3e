import { describe, expect, it } from "vitest";
import { MAX_DELAY_MS, STABLE_AFTER_MS, nextRestartDelayMs, serverDiedLine } from "./restart-policy.mjs";

describe("restarting a dead server", () => {
  it("waits 1 s, then doubles while the server keeps dying soon after its start, up to 30 s", () => {
    const delays: number[] = [];
    let delay = 0;
    for (let death = 0; death < 8; death++) {
      delay = nextRestartDelayMs(delay, 2000);
      delays.push(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_MS);
  });

  it("starts again from 1 s once a server has stayed up for a minute", () => {
    expect(nextRestartDelayMs(30_000, STABLE_AFTER_MS)).toBe(1000);
    expect(nextRestartDelayMs(30_000, STABLE_AFTER_MS - 1)).toBe(30_000);
  });

  it("logs one JSON line with the exit code or the signal", () => {
    const line = serverDiedLine({
      code: null,
      signal: "SIGKILL",
      pid: 4242,
      upForMs: 12_345,
      restartInMs: 1000,
      now: new Date("2026-12-02T10:00:00Z"),
    });
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toEqual({
      level: "error",
      msg: "server died",
      time: "2026-12-02T10:00:00.000Z",
      pid: 4242,
      exitCode: null,
      signal: "SIGKILL",
      upForSeconds: 12,
      restartInSeconds: 1,
    });
  });
});
