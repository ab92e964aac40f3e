import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { createTenant } from "@/tests/helpers/fixtures";
import { sqlState } from "./errors";
import { isRetryableConflict } from "./with-retry";

const raw = () => getDatabase().raw;

describe("raw SQL (lib/db/raw-sql.ts), on this database", () => {
  it("reads and writes timestamp columns as UTC, the way Prisma does, whatever the process's zone", async () => {
    const tenant = await createTenant();
    const event = await db.event.create({
      data: { accountId: tenant.accountId, title: "Yoga", durationMinutes: 60, capacity: 5 },
    });
    const startsAt = new Date("2026-01-15T17:00:00.123Z");
    const [written] = await raw().query<{ id: string; startsAt: Date }>(Prisma.sql`
      INSERT INTO "Instance" ("id", "accountId", "eventId", "startsAt", "endsAt", "capacity")
      VALUES (gen_random_uuid()::text, ${tenant.accountId}, ${event.id}, ${startsAt}, ${new Date(startsAt.getTime() + 3_600_000)}, 5)
      RETURNING "id", "startsAt"`);
    expect(written!.startsAt.toISOString()).toBe("2026-01-15T17:00:00.123Z");
    const throughPrisma = await db.instance.findUniqueOrThrow({ where: { id: written!.id } });
    expect(throughPrisma.startsAt.toISOString()).toBe("2026-01-15T17:00:00.123Z");
    const [text] = await raw().query<{ local: string }>(
      Prisma.sql`SELECT to_char("startsAt", 'YYYY-MM-DD HH24:MI:SS.MS') AS "local" FROM "Instance" WHERE "id" = ${written!.id}`,
    );
    expect(text!.local).toBe("2026-01-15 17:00:00.123");
  });

  it("answers a named (prepared) statement with each call's own values, on every connection", async () => {
    const tenant = await createTenant();
    const named = (value: string) => ({
      name: "raw_sql_test_echo",
      text: `SELECT $1::text AS "value", "slug" FROM "Account" WHERE "id" = $2`,
      values: [value, tenant.accountId],
    });
    // more calls at once than the pool has connections: each connection prepares it once
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) => raw().query<{ value: string; slug: string }>(named(`O'Brien ${index}`))),
    );
    expect(answers.map(([row]) => row!.value)).toEqual(Array.from({ length: 25 }, (_, index) => `O'Brien ${index}`));
    expect(new Set(answers.map(([row]) => row!.slug))).toEqual(new Set([tenant.slug]));
  });

  it("reports a failed statement's SQLSTATE where sqlState and the retry classification find it", async () => {
    const error = await raw()
      .query(Prisma.sql`DO $$ BEGIN RAISE EXCEPTION 'provoked' USING ERRCODE = '40P01'; END $$`)
      .catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe("40P01");
    expect(isRetryableConflict(error)).toBe(true);
  });
});
