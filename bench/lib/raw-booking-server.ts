// The database's ceiling for bench/bookings.bench.ts: a minimal node:http + pg server running the
// booking transaction of lib/bookings/book-instance.ts by hand, without Next, Prisma or zod.
//   POST /bookings {"instanceId"} with a Bearer session:
//     1. the session (one SELECT: Session joined with Membership, by the token's sha256);
//     2. BEGIN; SELECT … FROM "Instance" … FOR UPDATE (the instance's lock; capacity checked);
//        one statement taking a credit from the attendee's best usable entitlement (the conditional
//        UPDATE of entitlement-credits.ts), inserting the confirmed booking, bumping bookedCount and
//        queueing the confirmation email (a "BookingEmail" row, sent by the app's outbox sender);
//        COMMIT. Five round trips in all. 201 with the booking; 409 full or already booked; 402 no credit.
//   GET /health: {"status":"ok"}.   GET /stats: {"queries", "bookings"} counted since start.
// Settings: RAW_DATABASE_URL, RAW_PORT, RAW_POOL_SIZE (10, the app's DATABASE_POOL_SIZE default).
// Prints "listening on <port>" once it serves.
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import pg from "pg";

const url = process.env.RAW_DATABASE_URL;
if (!url) throw new Error("RAW_DATABASE_URL is required");
const port = Number(process.env.RAW_PORT ?? 3220);
const pool = new pg.Pool({
  connectionString: url,
  max: Number(process.env.RAW_POOL_SIZE ?? 10),
  connectionTimeoutMillis: 5000,
});
pool.on("error", () => {});

let queries = 0;
let bookings = 0;

async function query(client: pg.Pool | pg.PoolClient, text: string, values?: unknown[]) {
  queries += 1;
  return client.query(text, values);
}

const SESSION_SQL = `
  SELECT s."userId", s."accountId" FROM "Session" s
  JOIN "Membership" m ON m."accountId" = s."accountId" AND m."userId" = s."userId"
  WHERE s."tokenHash" = $1 AND s."expiresAt" > now()`;

const LOCK_SQL = `
  SELECT "bookedCount", "capacity", "status" FROM "Instance" WHERE "id" = $1 AND "accountId" = $2 FOR UPDATE`;

const BOOK_SQL = `
  WITH credit AS (
    UPDATE "Entitlement"
    SET "remainingClasses" = "remainingClasses" - 1,
        "status" = CASE WHEN "remainingClasses" = 1 THEN 'exhausted' ELSE "status" END
    WHERE "id" = (
        SELECT e."id" FROM "Entitlement" e
        WHERE e."accountId" = $2 AND e."userId" = $3 AND e."status" = 'active'
          AND (e."remainingClasses" IS NULL OR e."remainingClasses" > 0)
        ORDER BY e."validUntil" ASC NULLS LAST, e."createdAt" ASC, e."id" ASC LIMIT 1)
      AND "accountId" = $2 AND "status" = 'active' AND ("remainingClasses" IS NULL OR "remainingClasses" > 0)
    RETURNING "id"
  ),
  booking AS (
    INSERT INTO "Booking" ("id", "accountId", "instanceId", "attendeeId", "status", "entitlementId", "createdAt")
    SELECT $4, $2, $1, $3, 'confirmed', credit."id", clock_timestamp() AT TIME ZONE 'UTC' FROM credit
    RETURNING *
  ),
  counter AS (
    UPDATE "Instance" SET "bookedCount" = "bookedCount" + 1
    WHERE "id" = $1 AND "accountId" = $2 AND EXISTS (SELECT 1 FROM booking)
  ),
  email AS (
    INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind") SELECT "accountId", "id", 'confirmed' FROM booking
  )
  SELECT * FROM booking`;

type Answer = { status: number; body: unknown };

async function book(token: string | undefined, instanceId: unknown): Promise<Answer> {
  if (!token) return { status: 401, body: { error: "Authentication required" } };
  if (typeof instanceId !== "string") return { status: 400, body: { error: "Validation failed" } };
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const session = (await query(pool, SESSION_SQL, [tokenHash])).rows[0] as
    { userId: string; accountId: string } | undefined;
  if (!session) return { status: 401, body: { error: "Authentication required" } };
  const client = await pool.connect();
  try {
    await query(client, "BEGIN");
    const instance = (await query(client, LOCK_SQL, [instanceId, session.accountId])).rows[0] as
      { bookedCount: number; capacity: number; status: string } | undefined;
    if (!instance) {
      await query(client, "ROLLBACK");
      return { status: 404, body: { error: "Resource not found" } };
    }
    if (instance.bookedCount >= instance.capacity) {
      await query(client, "ROLLBACK");
      return { status: 409, body: { error: "Instance is full" } };
    }
    const booking = (await query(client, BOOK_SQL, [instanceId, session.accountId, session.userId, randomUUID()]))
      .rows[0];
    if (!booking) {
      await query(client, "ROLLBACK");
      return { status: 402, body: { error: "No valid entitlement" } };
    }
    await query(client, "COMMIT");
    bookings += 1;
    return { status: 201, body: booking };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    if ((error as { code?: string }).code === "23505") return { status: 409, body: { error: "Already booked" } };
    throw error;
  } finally {
    client.release();
  }
}

function reply(response: http.ServerResponse, answer: Answer, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    if (request.method === "GET" && request.url === "/health")
      return reply(response, { status: 200, body: { status: "ok" } });
    if (request.method === "GET" && request.url === "/stats")
      return reply(response, { status: 200, body: { queries, bookings } });
    if (request.method !== "POST" || request.url !== "/bookings")
      return reply(response, { status: 404, body: { error: "Resource not found" } });
    let instanceId: unknown;
    try {
      instanceId = (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { instanceId?: unknown }).instanceId;
    } catch {
      return reply(response, { status: 400, body: { error: "Validation failed" } });
    }
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
    book(token, instanceId).then(
      (answer) => reply(response, answer),
      (error: unknown) => {
        const timeout = error instanceof Error && error.message.includes("timeout exceeded when trying to connect");
        if (timeout) reply(response, { status: 503, body: { error: "Service unavailable" } }, { "retry-after": "1" });
        else reply(response, { status: 500, body: { error: "Internal server error" } });
      },
    );
  });
});

server.keepAliveTimeout = 30_000;
server.listen(port, "127.0.0.1", () => console.log(`listening on ${port}`));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}
