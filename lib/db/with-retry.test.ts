import { randomUUID } from "node:crypto";
import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { createTenant } from "@/tests/helpers/fixtures";
import { expectLogged } from "@/tests/helpers/logs";
import { sqlState } from "./errors";
import { isRetryableConflict, withRetry } from "./with-retry";

const onPostgres = Boolean(process.env.TEST_DATABASE_FILE_URL);

/** The error a statement raising `state` produces through the configured adapter (a raw query). */
async function raised(state: string): Promise<unknown> {
  return db
    .$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'provoked' USING ERRCODE = '${state}'; END $$`)
    .catch((error: unknown) => error);
}

async function bookableRows() {
  const tenant = await createTenant();
  const event = await db.event.create({
    data: { accountId: tenant.accountId, title: "x", durationMinutes: 60, capacity: 5 },
  });
  const other = await db.event.create({
    data: { accountId: tenant.accountId, title: "y", durationMinutes: 60, capacity: 5 },
  });
  const instance = await db.instance.create({
    data: { accountId: tenant.accountId, eventId: event.id, startsAt: new Date(), endsAt: new Date(), capacity: 5 },
  });
  return { tenant, event, other, instance };
}

describe("sqlState and isRetryableConflict, on this database's adapter", () => {
  it("read the SQLSTATE of a failed raw query (reported as P2010 by Prisma)", async () => {
    for (const state of ["40001", "40P01", "23505", "22012"]) {
      const error = await raised(state);
      expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      expect(sqlState(error), state).toBe(state);
    }
    expect(isRetryableConflict(await raised("40001"))).toBe(true);
    expect(isRetryableConflict(await raised("40P01"))).toBe(true);
    expect(isRetryableConflict(await raised("23505"))).toBe(false);
    expect(isRetryableConflict(new Error("boom"))).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });

  it("read the unique violation of the live-booking index, by raw INSERT and by model create", async () => {
    const { tenant, instance } = await bookableRows();
    const insert = () => db.$executeRaw`
      INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status")
      VALUES (${randomUUID()}, ${tenant.accountId}, ${instance.id}, ${tenant.admin.userId}, 'confirmed')`;
    await insert();
    expect(sqlState(await insert().catch((error: unknown) => error))).toBe("23505");
    const viaModel = await db.booking
      .create({
        data: {
          accountId: tenant.accountId,
          instanceId: instance.id,
          attendeeId: tenant.admin.userId,
          status: "waitlisted",
        },
      })
      .catch((error: unknown) => error);
    expect(sqlState(viaModel)).toBe("23505");
  });

  it.runIf(onPostgres)(
    "classify a real deadlock and a real serialization failure on PostgreSQL, raw and model queries",
    async () => {
      const { event, other } = await bookableRows();
      // Two transactions lock two rows in opposite order: PostgreSQL aborts one with 40P01.
      async function deadlock(second: (tx: Prisma.TransactionClient) => Promise<unknown>) {
        let lockedA!: () => void;
        let lockedB!: () => void;
        const aLocked = new Promise<void>((resolve) => (lockedA = resolve));
        const bLocked = new Promise<void>((resolve) => (lockedB = resolve));
        const results = await Promise.allSettled([
          db.$transaction(
            async (tx) => {
              await tx.$queryRaw`SELECT "id" FROM "Event" WHERE "id" = ${event.id} FOR UPDATE`;
              lockedA();
              await bLocked;
              await tx.$queryRaw`SELECT "id" FROM "Event" WHERE "id" = ${other.id} FOR UPDATE`;
            },
            { timeout: 20_000 },
          ),
          db.$transaction(
            async (tx) => {
              await tx.$queryRaw`SELECT "id" FROM "Event" WHERE "id" = ${other.id} FOR UPDATE`;
              lockedB();
              await aLocked;
              await second(tx);
            },
            { timeout: 20_000 },
          ),
        ]);
        const failures = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
        expect(failures).toHaveLength(1);
        return failures[0]!.reason;
      }
      const rawDeadlock = await deadlock(
        (tx) => tx.$queryRaw`SELECT "id" FROM "Event" WHERE "id" = ${event.id} FOR UPDATE`,
      );
      expect(sqlState(rawDeadlock)).toBe("40P01");
      expect(isRetryableConflict(rawDeadlock)).toBe(true);
      const modelDeadlock = await deadlock((tx) => tx.event.update({ where: { id: event.id }, data: { title: "z" } }));
      expect(isRetryableConflict(modelDeadlock)).toBe(true);

      // REPEATABLE READ: a row changed by another transaction since the snapshot cannot be updated (40001).
      let read!: () => void;
      const hasRead = new Promise<void>((resolve) => (read = resolve));
      const stale = db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT "title" FROM "Event" WHERE "id" = ${event.id}`;
          read();
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.event.update({ where: { id: event.id }, data: { title: "stale" } });
        },
        { isolationLevel: "RepeatableRead", timeout: 20_000 },
      );
      await hasRead;
      await db.event.update({ where: { id: event.id }, data: { title: "fresh" } });
      const serialization = await stale.catch((error: unknown) => error);
      expect(serialization).toMatchObject({ code: "P2034" });
      expect(isRetryableConflict(serialization)).toBe(true);
    },
  );
});

describe("withRetry", () => {
  it("runs a transaction that lost a race again, and its writes happen once", async () => {
    const { tenant } = await bookableRows();
    let attempts = 0;
    const name = `retried-${randomUUID()}`;
    const result = await withRetry(
      () =>
        db.$transaction(async (tx) => {
          attempts += 1;
          await tx.group.create({ data: { accountId: tenant.accountId, name } });
          if (attempts < 3)
            await tx.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'lost' USING ERRCODE = '40P01'; END $$`);
          return "done";
        }),
      { label: "test", baseDelayMs: 1 },
    );
    expect(result).toBe("done");
    expect(attempts).toBe(3);
    expect(await db.group.count({ where: { name } })).toBe(1);
  });

  it("gives up after the cap with 503 Service unavailable and Retry-After", async () => {
    expectLogged("warn", /^transaction conflict persisted \{"operation":"test","attempts":4/);
    const conflict = await raised("40001");
    let calls = 0;
    const error = await withRetry(
      async () => {
        calls += 1;
        throw conflict;
      },
      { label: "test", attempts: 4, baseDelayMs: 1 },
    ).catch((caught: unknown) => caught);
    expect(calls).toBe(4);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "service_unavailable", status: 503, retryAfter: 1 });
  });

  it("passes other errors through at once", async () => {
    let calls = 0;
    const notFound = new AppError("not_found");
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw notFound;
        },
        { label: "test" },
      ),
    ).rejects.toBe(notFound);
    const unique = await raised("23505");
    await expect(withRetry(async () => Promise.reject(unique), { label: "test" })).rejects.toBe(unique);
    expect(calls).toBe(1);
  });

  it.runIf(onPostgres)("resolves a real deadlock between two transactions: both finish", async () => {
    const { event, other } = await bookableRows();
    const lockBoth = (first: string, second: string, pause: Promise<void>, signal: () => void) =>
      withRetry(
        () =>
          db.$transaction(
            async (tx) => {
              await tx.$queryRaw`SELECT "id" FROM "Event" WHERE "id" = ${first} FOR UPDATE`;
              signal();
              await Promise.race([pause, new Promise((resolve) => setTimeout(resolve, 200))]);
              await tx.$executeRaw`UPDATE "Event" SET "capacity" = "capacity" + 1 WHERE "id" = ${second}`;
            },
            { timeout: 20_000 },
          ),
        { label: "test", baseDelayMs: 5 },
      );
    let aLocked!: () => void;
    let bLocked!: () => void;
    const a = new Promise<void>((resolve) => (aLocked = resolve));
    const b = new Promise<void>((resolve) => (bLocked = resolve));
    await Promise.all([lockBoth(event.id, other.id, b, aLocked), lockBoth(other.id, event.id, a, bLocked)]);
    const capacities = await db.event.findMany({
      where: { id: { in: [event.id, other.id] } },
      select: { capacity: true },
    });
    expect(capacities.map((row) => row.capacity)).toEqual([6, 6]);
  });
});
