import "server-only";
import { createHash } from "node:crypto";
import { Prisma } from "@prisma/client";
import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

const RETENTION_MS = 24 * 60 * 60 * 1000;
/** A first request that has not finished after this long is taken to have died; its key is freed. */
const ABANDONED_AFTER_MS = 60 * 1000;
const MAX_KEY_LENGTH = 255;

function fingerprint(request: NextRequest, body: unknown): string {
  return createHash("sha256")
    .update(`${request.method} ${request.nextUrl.pathname}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * Idempotency-Key semantics of decisions §1: the first response (status and body) is kept for 24
 * hours per caller (a person, or an API key: decision 0021) and key; a repeat with the same request
 * replays it and changes nothing; the same key with a different request answers 422; a repeat while
 * the first is running answers 409. A first request that fails with a 5xx frees its key, so the
 * client may try again. `kept` is what of the first answer's body may be stored and replayed: an answer
 * that shows a credential once (a gift card's code) keeps it out of the database.
 */
export async function idempotent(
  request: NextRequest,
  caller: Auth,
  body: unknown,
  run: () => Promise<Response>,
  { kept = (answer: unknown) => answer }: { kept?: (answer: unknown) => unknown } = {},
): Promise<Response> {
  const key = request.headers.get("idempotency-key");
  if (key === null) return run();
  const userId = idempotencyOwner(caller);
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new AppError("validation_failed", {
      details: [ruleDetail("Idempotency-Key", "idempotency_key_length", { minimum: 1, maximum: MAX_KEY_LENGTH })],
    });
  }
  const requestHash = fingerprint(request, body);
  const claimed = await claim(userId, key, requestHash);
  if (!claimed) return replay(userId, key, requestHash);

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    if (status >= 500) await release(userId, key);
    else await store(userId, key, status, { error: (error as AppError).message });
    throw error;
  }
  if (response.status >= 500) {
    await release(userId, key);
    return response;
  }
  const text = await response.clone().text();
  await store(userId, key, response.status, text ? (kept(JSON.parse(text)) as Prisma.InputJsonValue) : null);
  return response;
}

/** The stored owner of a caller's keys: a person's user id, an API key's `api_key:<id>` (never a user's). */
export function idempotencyOwner(caller: Auth): string {
  return caller.kind === "person" ? caller.userId : `api_key:${caller.apiKeyId}`;
}

async function claim(userId: string, key: string, requestHash: string): Promise<boolean> {
  const now = new Date();
  // Free the key when its record expired or its first request was abandoned.
  await db.idempotencyKey.deleteMany({
    where: {
      userId,
      key,
      OR: [
        { expiresAt: { lte: now } },
        { status: "in_progress", createdAt: { lte: new Date(now.getTime() - ABANDONED_AFTER_MS) } },
      ],
    },
  });
  const inserted = await db.$executeRaw`
    INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "status", "createdAt", "expiresAt")
    VALUES (${userId}, ${key}, ${requestHash}, 'in_progress', ${now}, ${new Date(now.getTime() + RETENTION_MS)})
    ON CONFLICT ("userId", "key") DO NOTHING`;
  return inserted === 1;
}

async function replay(userId: string, key: string, requestHash: string): Promise<Response> {
  const record = await db.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } });
  if (!record) throw new AppError("request_in_progress"); // freed between our insert and this read
  if (record.requestHash !== requestHash) throw new AppError("idempotency_key_reused");
  if (record.status !== "done" || record.responseStatus === null) throw new AppError("request_in_progress");
  const headers = { "Idempotent-Replayed": "true" };
  if (record.responseBody === null) return new NextResponse(null, { status: record.responseStatus, headers });
  return NextResponse.json(record.responseBody, { status: record.responseStatus, headers });
}

async function store(userId: string, key: string, status: number, body: Prisma.InputJsonValue | null): Promise<void> {
  await db.idempotencyKey.update({
    where: { userId_key: { userId, key } },
    data: { status: "done", responseStatus: status, responseBody: body ?? Prisma.JsonNull },
  });
}

async function release(userId: string, key: string): Promise<void> {
  await db.idempotencyKey.deleteMany({ where: { userId, key, status: "in_progress" } });
}
