import { afterEach, expect, it } from "vitest";
import { setLogSink, type LogRecord } from "@/lib/log";
import { reportDatabaseReachable, reportDatabaseUnreachable } from "./reachability";
import { expectLogged } from "@/tests/helpers/logs";

afterEach(() => setLogSink(undefined));

it("logs an outage once when it starts and once when a connection begun since succeeds; late failures of earlier work are not a new one", () => {
  const records: LogRecord[] = [];
  setLogSink((line) => records.push(JSON.parse(line) as LogRecord));
  const begun = performance.now() - 1;
  expectLogged("error", /^database unreachable \{"signal":"ECONNREFUSED"\}$/);
  expectLogged("error", /^database unreachable \{"signal":"57P01"\}$/);

  reportDatabaseUnreachable("ECONNREFUSED", begun);
  reportDatabaseReachable(begun); // a connection begun before the outage was noticed proves nothing
  reportDatabaseUnreachable("57P03", performance.now()); // the same outage
  reportDatabaseReachable(performance.now());
  reportDatabaseReachable(performance.now());
  reportDatabaseUnreachable("57P01", begun); // work begun before the database was back
  reportDatabaseUnreachable("57P01", performance.now());

  expect(records.map(({ level, msg, signal }) => ({ level, msg, signal }))).toEqual([
    { level: "error", msg: "database unreachable", signal: "ECONNREFUSED" },
    { level: "info", msg: "database reachable again", signal: undefined },
    { level: "error", msg: "database unreachable", signal: "57P01" },
  ]);
  expect(records[1]).toMatchObject({ unreachableMs: expect.any(Number) });
});
