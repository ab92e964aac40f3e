// The database's ceiling for bench/bookings.bench.ts: a minimal node:http + pg server issuing the
// same booking statement as lib/bookings/book-instance.ts, without Next, Prisma or zod.
//   POST /bookings {"instanceId"} with a Bearer session: one statement, the database function
//     book_instance (prisma/sql/functions/book_instance.sql), which authenticates the session, locks
//     the instance, checks the booking and writes it, its credit, its counter and its email's
//     outbox row. 201 with the booking, else the outcome's status.
//   Its emails are sent as the app sends its own: each confirmed booking wakes a drain soon after
//     (again while rows remain), drainBookingEmails rendering them in the same worker pool and writing
//     them to RAW_EMAIL_OUTBOX_DIR, so the work counts in this process's CPU as it does in the app's.
//   GET /health: {"status":"ok"}.   GET /stats: {"queries", "bookings", "emails", "emailFailures", "emailStatements"}
//   counted since start (queries: booking statements; emailStatements: the drains').
// Settings: RAW_DATABASE_URL, RAW_PORT, RAW_POOL_SIZE (10, the app's DATABASE_POOL_SIZE default),
// RAW_EMAIL_OUTBOX_DIR. Prints "listening on <port>" once it serves.
import http from "node:http";
import pg from "pg";
import { hashToken } from "@/lib/auth/tokens";
import { drainBookingEmails } from "@/lib/bookings/booking-email-jobs";
import { pgRawSql, type RawSql, type Statement } from "@/lib/db/raw-sql";
import { closeEmailWorkers } from "@/lib/email/email-workers";
import { BOOK_SQL } from "./booking-statement";

const url = process.env.RAW_DATABASE_URL;
if (!url) throw new Error("RAW_DATABASE_URL is required");
const outboxDir = process.env.RAW_EMAIL_OUTBOX_DIR;
if (!outboxDir) throw new Error("RAW_EMAIL_OUTBOX_DIR is required");
const port = Number(process.env.RAW_PORT ?? 3220);
const pool = new pg.Pool({
  connectionString: url,
  max: Number(process.env.RAW_POOL_SIZE ?? 10),
  connectionTimeoutMillis: 5000,
});
pool.on("error", () => {});

let queries = 0;
let bookings = 0;
let emails = 0;
let emailFailures = 0;
let emailStatements = 0;

/** A burst of bookings is sent in batches (the app's sender waits as long). */
const WAKE_DELAY_MS = 25;
const RETRY_DELAY_MS = 1000;
const pooled = pgRawSql(pool);
const sql: RawSql = {
  query: <Row>(statement: Statement) => {
    emailStatements += 1;
    return pooled.query<Row>(statement);
  },
};
const emailDrain: { timer?: NodeJS.Timeout; running?: Promise<void>; wokenWhileRunning?: boolean } = {};

function wakeEmailDrain(): void {
  if (emailDrain.running) emailDrain.wokenWhileRunning = true;
  else emailDrain.timer ??= setTimeout(drainEmails, WAKE_DELAY_MS);
}

function drainEmails(): void {
  emailDrain.timer = undefined;
  emailDrain.wokenWhileRunning = false;
  emailDrain.running = drainBookingEmails({ sql, transport: { kind: "outbox", dir: outboxDir! } })
    .then(
      (sent) => void (emails += sent),
      (error: unknown) => {
        emailFailures += 1;
        console.error("booking emails not drained:", error);
        setTimeout(wakeEmailDrain, RETRY_DELAY_MS).unref();
      },
    )
    .finally(() => {
      emailDrain.running = undefined;
      if (emailDrain.wokenWhileRunning) wakeEmailDrain();
    });
}

type Answer = { status: number; body: unknown };

const REFUSALS: Record<string, Answer> = {
  authentication_required: { status: 401, body: { error: "Authentication required" } },
  not_found: { status: 404, body: { error: "Resource not found" } },
  instance_full: { status: 409, body: { error: "Instance is full" } },
  already_booked: { status: 409, body: { error: "Already booked" } },
  booking_blocked: { status: 409, body: { error: "Booking is blocked" } },
  no_valid_entitlement: { status: 402, body: { error: "No valid entitlement" } },
};

async function book(token: string | undefined, instanceId: unknown): Promise<Answer> {
  if (!token) return REFUSALS.authentication_required!;
  if (typeof instanceId !== "string") return { status: 400, body: { error: "Validation failed" } };
  const tokenHash = hashToken(token);
  try {
    queries += 1;
    const { outcome, nowFull, ...booking } = (
      await pool.query({
        name: "book_instance",
        text: BOOK_SQL,
        values: [tokenHash, new Date().toISOString(), instanceId],
      })
    ).rows[0] as {
      outcome: string;
      nowFull: boolean;
    };
    if (outcome !== "confirmed") return REFUSALS[outcome] ?? { status: 409, body: { error: outcome } };
    bookings += 1;
    wakeEmailDrain();
    return { status: 201, body: booking };
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return REFUSALS.already_booked!;
    throw error;
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
      return reply(response, { status: 200, body: { queries, bookings, emails, emailFailures, emailStatements } });
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
    clearTimeout(emailDrain.timer);
    void Promise.resolve(emailDrain.running)
      .then(closeEmailWorkers)
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
