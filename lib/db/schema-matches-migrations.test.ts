// Proves that prisma/schema.prisma and prisma/migrations describe the same database: the migrations
// applied to one empty database and the SQL Prisma derives from the schema applied to another must
// leave identical catalogs. Fails when schema.prisma is edited without `npm run db:migrate:new`.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { diffSql } from "@/scripts/lib/prisma-diff";
import { applyMigrations } from "./migrate";

/**
 * Objects that migrations add by hand because schema.prisma cannot declare them (partial unique
 * indexes, CHECK constraints), each with its migration and reason. Nothing else may differ.
 */
const HAND_WRITTEN: Record<"indexes" | "constraints", Record<string, string>> = {
  indexes: {
    Booking_one_live_per_attendee: "20261121053607_commerce_and_bookings: one live booking per attendee and instance",
    Entitlement_one_left_notice_due: "20261126115143_notice_emails: passes the one-class-left sweep reads",
    Entitlement_expiry_notice_due: "20261126115143_notice_emails: passes the expiry notice sweep reads",
    StandingBooking_one_active: "20261129120000_standing_bookings: one active standing place per person and series",
  },
  constraints: {
    GiftCard_balance_within: "20261204183113_gift_cards: a balance stays within 0 and what was issued",
    Order_giftCardAmount_within: "20261204183113_gift_cards: a gift card pays at most the order's amount",
  },
};

const CATALOG_QUERIES = {
  tables: `SELECT table_name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY 1`,
  columns: `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default,
                   character_maximum_length, numeric_precision, datetime_precision
              FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY 1, 2`,
  indexes: `SELECT tablename, indexname AS name, indexdef FROM pg_indexes
             WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1, 2`,
  constraints: `SELECT rel.relname AS table_name, con.conname AS name, con.contype,
                       pg_get_constraintdef(con.oid) AS definition
                  FROM pg_constraint con
                  JOIN pg_class rel ON rel.oid = con.conrelid
                  JOIN pg_namespace ns ON ns.oid = rel.relnamespace
                 WHERE ns.nspname = 'public' AND rel.relname <> '_prisma_migrations' ORDER BY 1, 2`,
  enums: `SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t
            JOIN pg_enum e ON e.enumtypid = t.oid
            JOIN pg_namespace ns ON ns.oid = t.typnamespace
           WHERE ns.nspname = 'public' ORDER BY 1, 3`,
} as const;

type Row = Record<string, unknown>;
type Catalog = Record<keyof typeof CATALOG_QUERIES, Row[]>;

async function catalog(database: PGlite): Promise<Catalog> {
  const entries = await Promise.all(
    Object.entries(CATALOG_QUERIES).map(async ([name, query]) => [name, (await database.query<Row>(query)).rows]),
  );
  return Object.fromEntries(entries) as Catalog;
}

const isHandWritten = (kind: keyof typeof HAND_WRITTEN) => (row: Row) =>
  Object.hasOwn(HAND_WRITTEN[kind], String(row.name));

// Both databases are PGlite's own, whatever this run's database is: the PostgreSQL run would repeat
// the same comparison (and the schema engine's 20 s), so only the PGlite run makes it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_FILE_URL))("prisma/schema.prisma and prisma/migrations", () => {
  it("describe the same database", async () => {
    const fromMigrations = await PGlite.create();
    const fromSchema = await PGlite.create();
    try {
      const applied = await applyMigrations({
        exec: async (text) => void (await fromMigrations.exec(text)),
        query: async (text, params) => (await fromMigrations.query<Row>(text, params)).rows,
      });
      expect(applied.length).toBeGreaterThan(0);
      await fromSchema.exec(await diffSql(undefined, path.join(process.cwd(), "prisma", "schema.prisma")));

      const expected = await catalog(fromSchema);
      const actual = await catalog(fromMigrations);
      expect(expected.tables.length).toBeGreaterThan(0);

      // Each hand-written object exists in the migrations only; then it is set aside.
      for (const kind of ["indexes", "constraints"] as const) {
        const listed = Object.keys(HAND_WRITTEN[kind]).sort();
        expect(
          actual[kind]
            .filter(isHandWritten(kind))
            .map((row) => String(row.name))
            .sort(),
        ).toEqual(listed);
        expect(expected[kind].filter(isHandWritten(kind))).toEqual([]);
        actual[kind] = actual[kind].filter((row) => !isHandWritten(kind)(row));
      }

      // On a mismatch: run `npm run db:migrate:new -- <name>` to write the missing migration.
      expect(actual).toEqual(expected);
    } finally {
      await Promise.all([fromMigrations.close(), fromSchema.close()]);
    }
  }, 180_000);
});
