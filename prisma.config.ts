// Prisma CLI configuration: the JS schema engine over a driver adapter, so no engine binary is
// downloaded (see docs/decisions/0001-prisma-offline.md). DATABASE_URL selects PostgreSQL;
// without it the embedded PGlite database in DATA_DIR is used.
import path from "node:path";
import type { PrismaConfig } from "prisma";

const databaseUrl = process.env.DATABASE_URL || undefined;
process.env.DATABASE_URL ??= "postgres://embedded"; // the schema's url line must resolve

export default {
  schema: path.join("prisma", "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    if (databaseUrl) {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: databaseUrl });
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    return new PrismaPGlite(new PGlite(process.env.DATA_DIR ?? "./.data"));
  },
} satisfies PrismaConfig;
