/**
 * The database, and which way to reach it for what:
 *
 * - `tenantDb(accountId)` (./tenant-db.ts): everything that belongs to one account. Its model
 *   queries are scoped to the account; a transaction on it (`TenantTx`, the one transaction type)
 *   runs the multi-step writes of lib/<domain>, and its raw statements name `"accountId"` themselves.
 * - `db` (below): the tables of no tenant only: users, sessions, magic links, the account list.
 * - `getDatabase().raw` (./raw-sql.ts): one raw statement in autocommit for the hot paths where
 *   Prisma's per-query cost would dominate: the booking statement, authentication, the email outbox.
 *   Each statement names `"accountId"` itself; the rules they run live in prisma/sql/functions.
 * - `getDatabase().sql`: migrations, test set-up and the benches; never request handling.
 */
import "server-only";
import type { PrismaClient } from "@prisma/client";
import { openConfiguredDatabase, type Database } from "./client";

// One database per process, kept on globalThis so that Next's module reloading in development and
// its separate bundles share it (the embedded database can be opened once only). Opening is lazy
// and synchronous: the drivers connect on the first query.
const holder = globalThis as typeof globalThis & { __studioDatabase?: Database };

export function getDatabase(): Database {
  holder.__studioDatabase ??= openConfiguredDatabase();
  return holder.__studioDatabase;
}

/** Tests install a database of their own (a copy of the migrated template) before any request. */
export function useDatabase(database: Database): void {
  holder.__studioDatabase = database;
}

export async function closeDatabase(): Promise<void> {
  const current = holder.__studioDatabase;
  holder.__studioDatabase = undefined;
  await current?.close();
}

/**
 * The Prisma client. Use it directly only for tables that belong to no tenant (users, sessions,
 * magic links, the account list); tenant data goes through `tenantDb` (./tenant-db.ts).
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const client = getDatabase().prisma;
    const value: unknown = Reflect.get(client, property);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type { Database };
