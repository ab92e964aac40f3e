// Holds the database functions to their one source (prisma/sql/functions) and their answers to the
// error table: a function edited in a migration only, a source edited without a migration, or an
// outcome the TypeScript side cannot map to a contract error each fail here.
import { describe, expect, it } from "vitest";
import { BOOKED_OUTCOMES, VERDICT_OUTCOMES } from "@/lib/bookings/booking-outcome";
import { ERRORS } from "@/lib/errors";
import { getDatabase } from "./index";
import { databaseFunctionNames, functionsDifferingFromSources, readFunctionSources } from "./sql-functions";

describe("the database functions", () => {
  const sources = readFunctionSources();

  it("each have one source file, and the migrated database runs exactly that source", async () => {
    const sql = getDatabase().sql;
    expect(await databaseFunctionNames(sql)).toEqual(sources.map((source) => source.name));
    const differing = await functionsDifferingFromSources(sql, sources);
    expect(differing.map(({ source }) => `${source.file} differs from the migrated database`)).toEqual([]);
  });

  it("notice a source that no migration has copied yet", async () => {
    const [first] = sources;
    const edited = { ...first!, sql: first!.sql.replace(/\$\$\s*;?\s*$/, () => "  -- edited\n$$;\n") };
    expect(edited.sql).not.toBe(first!.sql);
    const differing = await functionsDifferingFromSources(getDatabase().sql, [edited]);
    expect(differing.map(({ source }) => source.name)).toEqual([first!.name]);
  });

  it("answer only outcomes that are a booking, a verdict or a key of the error table", () => {
    const answers = new Set<string>();
    for (const { sql } of sources.filter((source) => /OUT "(outcome|verdict)"/.test(source.sql))) {
      for (const [, value] of sql.matchAll(/"(?:outcome|verdict)" := '(\w+)'/g)) answers.add(value!);
      // The CASE that decides a verdict: every branch's text is a possible answer.
      for (const [, value] of sql.matchAll(/(?:THEN|ELSE) '(\w+)'/g)) answers.add(value!);
    }
    // The extraction finds the answers it must (it cannot silently match nothing).
    expect([...answers]).toEqual(
      expect.arrayContaining(["authentication_required", "not_found", "booking_closed", "instance_full", "confirm"]),
    );
    const known = new Set<string>([...Object.keys(ERRORS), ...BOOKED_OUTCOMES, ...VERDICT_OUTCOMES]);
    expect([...answers].filter((answer) => !known.has(answer))).toEqual([]);
  });
});
