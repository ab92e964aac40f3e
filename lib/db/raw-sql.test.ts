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

  it("commits a transaction's writes together, and rolls all of them back when the work throws", async () => {
    const tenant = await createTenant();
    const names = async () =>
      (await db.location.findMany({ where: { accountId: tenant.accountId }, orderBy: { name: "asc" } })).map(
        (l) => l.name,
      );
    const insert = (name: string) =>
      Prisma.sql`INSERT INTO "Location" ("id", "accountId", "name") VALUES (gen_random_uuid()::text, ${tenant.accountId}, ${name})`;

    await raw().transaction(async (query) => {
      await query(insert("Hall A"));
      await query(insert("Hall B"));
    });
    expect(await names()).toEqual(["Hall A", "Hall B"]);

    await expect(
      raw().transaction(async (query) => {
        await query(insert("Hall C"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      raw().transaction(async (query) => {
        await query(insert("Hall D"));
        await query(Prisma.sql`SELECT 1 / 0`);
      }),
    ).rejects.toBeDefined();
    expect(await names()).toEqual(["Hall A", "Hall B"]);
  });

  it("commits with a statement run with { commit: true }, and rolls back when that statement fails", async () => {
    const tenant = await createTenant();
    const names = async () =>
      (await db.location.findMany({ where: { accountId: tenant.accountId } })).map((l) => l.name).sort();
    const insert = (name: string) =>
      Prisma.sql`INSERT INTO "Location" ("id", "accountId", "name") VALUES (gen_random_uuid()::text, ${tenant.accountId}, ${name}) RETURNING "name"`;

    const inserted = await raw().transaction(async (query) => {
      await query(insert("O'Brien's hall"));
      return query<{ name: string }>(insert("Hall \\ B"), { commit: true });
    });
    expect(inserted).toEqual([{ name: "Hall \\ B" }]);
    const [arithmetic] = await raw().transaction((query) =>
      query<{ value: number }>({ text: "SELECT 10 -$1::int AS value", values: [-5] }, { commit: true }),
    );
    expect(arithmetic!.value).toBe(15);
    expect(await names()).toEqual(["Hall \\ B", "O'Brien's hall"].sort());

    await expect(
      raw().transaction(async (query) => {
        await query(insert("Hall C"));
        await query(Prisma.sql`SELECT 1 / ${0}`, { commit: true });
      }),
    ).rejects.toBeDefined();
    expect(await names()).toEqual(["Hall \\ B", "O'Brien's hall"].sort());
    // Nothing may follow the COMMIT (a programming error, refused on both databases).
    await expect(
      raw().transaction(async (query) => {
        await query(insert("Hall D"), { commit: true });
        await query(insert("Hall E"));
      }),
    ).rejects.toThrow(/after the transaction's COMMIT/);
  });

  it("reports a failed statement's SQLSTATE where sqlState and the retry classification find it", async () => {
    const error = await raw()
      .query(Prisma.sql`DO $$ BEGIN RAISE EXCEPTION 'provoked' USING ERRCODE = '40P01'; END $$`)
      .catch((caught: unknown) => caught);
    expect(sqlState(error)).toBe("40P01");
    expect(isRetryableConflict(error)).toBe(true);
  });
});
