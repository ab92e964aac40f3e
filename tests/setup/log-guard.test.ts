// The log guard (tests/setup/log-guard.ts) as a test sees it: each test here settles what it
// logged itself (settle), before the guard's own afterEach would fail it.
import { beforeAll, describe, expect, test } from "vitest";
import { log } from "@/lib/log";
import { allowLogged, expectLogged } from "@/tests/helpers/logs";
import { installLogGuard, settle } from "@/tests/setup/log-guard";

installLogGuard(); // this file tests the guard itself, whether the setup installed it or not

test("an undeclared warning or error is reported by its first line, credentials masked, whatever LOG_LEVEL", () => {
  log.error("export failed", { token: "a".repeat(40), rows: 3 });
  log.info("not a warning");
  log.error("export failed", { token: "a".repeat(40), rows: 3 });
  console.warn("the first line\nthe second");
  expect(settle("test")).toEqual([
    'unexpected log.error: export failed {"token":"[redacted]","rows":3} (2 times)',
    "unexpected console.warn: the first line",
  ]);
});

test("a declared record passes; a declared one never logged is reported", () => {
  expectLogged("error", /^export failed/);
  expectLogged("warn", /retry/);
  allowLogged("warn", /maybe/);
  log.error("export failed", { rows: 3 });
  console.error("export failed twice");
  expect(settle("test")).toEqual(["expected warn /retry/ was not logged"]);
});

test("a declaration is for its level only", () => {
  expectLogged("warn", /export failed/);
  log.error("export failed");
  log.warn("export failed");
  expect(settle("test")).toEqual(["unexpected log.error: export failed"]);
});

test("a test's declaration ends with it", () => {
  log.error("export failed");
  expect(settle("test")).toEqual(["unexpected log.error: export failed"]);
});

describe("declared outside a test", () => {
  beforeAll(() => {
    allowLogged("warn", /for the whole file/);
  });

  test("it lasts for the file", () => {
    log.warn("for the whole file");
    expect(settle("test")).toEqual([]);
  });

  test("past a test", () => {
    log.warn("for the whole file");
    expect(settle("test")).toEqual([]);
  });
});
