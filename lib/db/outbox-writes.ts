import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient } from "@prisma/client";
import type { DrainName } from "@/lib/jobs/work";

// Background work is woken by the transaction that wrote it (decision 0028): a write to an outbox
// table is recorded on the transaction it runs in, and once that transaction has committed the
// listener (the jobs runner, lib/jobs/wake.ts) is told which outboxes to drain. A transaction that
// rolls back tells nothing; a write outside any transaction (autocommit) tells at once.

type Written = Set<DrainName>;
type Listener = (kinds: DrainName[]) => void;

const transactionWrites = new AsyncLocalStorage<Written>();
// On globalThis: Next's bundles may each hold a copy of this module, and one listener serves them all.
const holder = globalThis as typeof globalThis & { __studioOutboxListeners?: Set<Listener> };
function listeners(): Set<Listener> {
  holder.__studioOutboxListeners ??= new Set();
  return holder.__studioOutboxListeners;
}

/** What each write to an outbox table puts to drain; a write of any other table puts nothing. */
function drainsOf(model: string | undefined, operation: string, args: unknown): DrainName[] {
  const created = CREATES.has(operation);
  const data = (args as { data?: unknown } | undefined)?.data;
  switch (model) {
    case "BookingEmail":
      return created ? ["booking emails"] : [];
    case "WebhookDelivery":
      return created || isRequeue(data) ? ["webhook deliveries"] : [];
    case "NoticeEmail":
      if (!created) return [];
      return [
        ...new Set(
          rowsOf(data).map((row) =>
            row.kind === "receipt" || row.kind === "credit_note" ? "receipt emails" : "notice emails",
          ),
        ),
      ];
    case "DineroVoucher":
      return created ? ["Dinero vouchers"] : [];
    case "GiftCardEmail":
      return created ? ["gift card emails"] : [];
    case "MagicLink":
      return created && rowsOf(data).some((row) => row.sealedToken) ? ["sign-in emails"] : [];
    case "Import":
      return !created && (data as { status?: unknown } | undefined)?.status === "committing" ? ["import commits"] : [];
    default:
      return [];
  }
}

const CREATES = new Set(["create", "createMany", "createManyAndReturn", "upsert"]);

function rowsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  return data && typeof data === "object" ? [data as Record<string, unknown>] : [];
}

/** A delivery made due again (sent again by hand): `pending` with a next attempt. */
function isRequeue(data: unknown): boolean {
  const row = data as { status?: unknown; nextAttemptAt?: unknown } | undefined;
  return row?.status === "pending" && row.nextAttemptAt !== undefined;
}

/**
 * Outboxes written by a raw statement, which the client's hook cannot see (book_instance's
 * emails and deliveries, the Dinero voucher's INSERT … SELECT): recorded on the transaction this
 * runs in, or told at once after an autocommit statement.
 */
export function declareOutboxWrites(...kinds: DrainName[]): void {
  const written = transactionWrites.getStore();
  if (written) for (const kind of kinds) written.add(kind);
  else tell(kinds);
}

/** The runner's hook (and a test's): told the outboxes each commit wrote. Returns the way to stop it. */
export function onOutboxWrites(listener: Listener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

function tell(kinds: DrainName[]): void {
  if (kinds.length > 0) for (const listener of listeners()) listener(kinds);
}

/**
 * The client every database opens (lib/db/client.ts): its writes to outbox tables are recorded on
 * their transaction, and its interactive transactions tell what they wrote after they commit.
 * Extended clients made from it (tenantDb) keep the hook; their `$transaction` is wrapped by
 * `tellingCommits` as this one's is.
 */
export function recordingOutboxWrites(prisma: PrismaClient): PrismaClient {
  const extended = prisma.$extends({
    name: "outbox-writes",
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const kinds = drainsOf(model, operation, args);
          if (kinds.length === 0) return query(args);
          const result = await query(args);
          declareOutboxWrites(...kinds);
          return result;
        },
      },
    },
  });
  return tellingCommits(extended as unknown as PrismaClient);
}

/**
 * `client` with its `$transaction` telling the outboxes written inside it once it has committed:
 * each attempt (withRetry runs a transaction again) records its own, and a rolled-back one's are
 * dropped with it.
 */
export function tellingCommits<Client extends object>(client: Client): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== "$transaction" || typeof value !== "function") return value;
      return (work: unknown, ...options: unknown[]) => {
        const written: Written = new Set();
        const result = transactionWrites.run(written, () =>
          (value as (...args: unknown[]) => Promise<unknown>).call(target, work, ...options),
        );
        return result.then((committed) => {
          tell([...written]);
          return committed;
        });
      };
    },
  });
}
