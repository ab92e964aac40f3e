import { Prisma } from "@prisma/client";
import { beforeAll, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { TENANT_MODELS, tenantDb } from "./tenant-db";

// Tables with an accountId that are deliberately read through `db`, not `tenantDb`, and why.
const NOT_TENANT_SCOPED: Record<string, string> = {
  Session: "auth internals: looked up by token hash before any account is known; accountId is the active account",
  MagicLink: "auth internals: looked up by token hash before any account is known",
};

describe("TENANT_MODELS", () => {
  const modelsWithAccountId = Prisma.dmmf.datamodel.models
    .filter((model) => model.fields.some((field) => field.name === "accountId"))
    .map((model) => model.name);

  it("lists every model with an accountId, except the documented auth internals", () => {
    expect(modelsWithAccountId.length).toBeGreaterThan(0);
    const missing = modelsWithAccountId.filter((name) => !TENANT_MODELS.has(name) && !(name in NOT_TENANT_SCOPED));
    expect(missing, "add these models to TENANT_MODELS in lib/db/tenant-db.ts").toEqual([]);
  });

  it("lists only models that have an accountId", () => {
    expect([...TENANT_MODELS].filter((name) => !modelsWithAccountId.includes(name))).toEqual([]);
    expect(Object.keys(NOT_TENANT_SCOPED).filter((name) => TENANT_MODELS.has(name))).toEqual([]);
  });

  it("agrees with the migrated database: every table with an accountId column is a known model", async () => {
    const rows = await getDatabase().sql.query(
      `SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'accountId' ORDER BY table_name`,
    );
    const tables = rows.map((row) => String(row.table_name));
    expect(tables.filter((table) => !TENANT_MODELS.has(table) && !(table in NOT_TENANT_SCOPED))).toEqual([]);
  });
});

describe("tenantDb(accountId)", () => {
  let a: TestTenant;
  let b: TestTenant;
  let groupOfB: { id: string; name: string };

  beforeAll(async () => {
    [a, b] = await Promise.all([createTenant(), createTenant()]);
    groupOfB = await db.group.create({ data: { accountId: b.accountId, name: "Morning of B" } });
  });

  it("finds another tenant's row by id as nothing", async () => {
    expect(await tenantDb(a.accountId).group.findUnique({ where: { id: groupOfB.id } })).toBeNull();
    expect(await tenantDb(a.accountId).group.findFirst({ where: { id: groupOfB.id } })).toBeNull();
    expect(await tenantDb(a.accountId).group.findMany({ where: { name: "Morning of B" } })).toEqual([]);
    expect(await tenantDb(a.accountId).group.count()).toBe(0);
    // the same query inside B finds it: the scope, not the id, made the difference
    expect(await tenantDb(b.accountId).group.findUnique({ where: { id: groupOfB.id } })).toMatchObject({
      id: groupOfB.id,
    });
  });

  it("changes and deletes nothing of another tenant", async () => {
    const scoped = tenantDb(a.accountId);
    expect(await scoped.group.updateMany({ where: { id: groupOfB.id }, data: { name: "Taken" } })).toEqual({
      count: 0,
    });
    expect(await scoped.group.deleteMany({ where: { id: groupOfB.id } })).toEqual({ count: 0 });
    await expect(scoped.group.update({ where: { id: groupOfB.id }, data: { name: "Taken" } })).rejects.toThrow();
    await expect(scoped.group.delete({ where: { id: groupOfB.id } })).rejects.toThrow();
    expect(await db.group.findUnique({ where: { id: groupOfB.id } })).toMatchObject({ name: "Morning of B" });
  });

  it("forces its own accountId on create, whatever the data says", async () => {
    const scoped = tenantDb(a.accountId);
    const created = await scoped.group.create({ data: { accountId: b.accountId, name: "Smuggled" } });
    expect(created.accountId).toBe(a.accountId);
    await scoped.group.createMany({ data: [{ accountId: b.accountId, name: "Smuggled too" }] });
    expect(await db.group.count({ where: { accountId: b.accountId, name: { startsWith: "Smuggled" } } })).toBe(0);
    expect(await db.group.count({ where: { accountId: a.accountId, name: { startsWith: "Smuggled" } } })).toBe(2);
  });

  it("scopes memberships too: another tenant's member is not found", async () => {
    const memberOfB = await createMember(b.accountId, "attendee");
    const where = { accountId_userId: { accountId: b.accountId, userId: memberOfB.userId } };
    expect(await tenantDb(a.accountId).membership.findMany({ where: { userId: memberOfB.userId } })).toEqual([]);
    expect(await tenantDb(a.accountId).membership.findUnique({ where })).toBeNull();
    expect(await tenantDb(b.accountId).membership.findUnique({ where })).toMatchObject({ persona: "attendee" });
  });
});
