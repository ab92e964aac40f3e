import type { Prisma } from "@prisma/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectLogged } from "@/tests/helpers/logs";
import { openPostgres } from "./client";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;

describe.skipIf(!databaseUrl)("openPostgres, on PostgreSQL", () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });
  afterAll(() => admin.end());

  /** Ends the connection of a transaction, as a restart would, and waits until it is gone. */
  async function terminateOwnConnection(tx: Prisma.TransactionClient) {
    const [{ pid }] = await tx.$queryRaw<[{ pid: number }]>`SELECT pg_backend_pid() AS pid`;
    await admin.query("SELECT pg_terminate_backend($1, 5000)", [pid]);
  }

  it("gets the connection of a transaction back when the server ended it, however the transaction ends", async () => {
    // Each ended connection is an outage: logged when it starts (the next connection ends it).
    expectLogged("error", /^database unreachable \{"signal":"(57P01|Connection terminated unexpectedly)"\}$/);
    const database = openPostgres(databaseUrl!, 2);
    const endings: [string, (tx: Prisma.TransactionClient) => Promise<unknown>][] = [
      ["a query fails, then ROLLBACK", (tx) => tx.account.findFirst()],
      ["the callback throws, then ROLLBACK", async () => Promise.reject(new Error("the handler gave up"))],
      ["COMMIT", async () => undefined],
    ];
    // Twice as many as the pool has connections: a connection not given back leaves none.
    for (let round = 0; round < 2; round++) {
      for (const [ending, rest] of endings) {
        const outcome = await database.prisma
          .$transaction(async (tx) => {
            await terminateOwnConnection(tx);
            await rest(tx);
          })
          .then(
            () => "committed",
            (error: unknown) => (error instanceof Error ? error.message : String(error)),
          );
        expect(outcome, ending).not.toBe("committed");
        expect(outcome, ending).not.toContain("timeout exceeded when trying to connect");
      }
    }
    await expect(database.prisma.$transaction((tx) => tx.account.count())).resolves.toBeTypeOf("number");
    // close() waits for every connection to be given back.
    const closed = await Promise.race([
      database.close().then(() => "closed"),
      new Promise((resolve) => setTimeout(resolve, 5_000, "a connection was never given back")),
    ]);
    expect(closed).toBe("closed");
  });
});
