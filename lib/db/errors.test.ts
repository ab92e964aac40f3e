import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTenant } from "@/tests/helpers/fixtures";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/errors";

describe("isForeignKeyViolation", () => {
  it("recognizes the error of a write that refers to a missing row, on this database", async () => {
    const tenant = await createTenant();
    const error = await db.groupMember
      .create({ data: { accountId: tenant.accountId, groupId: "deleted-meanwhile", userId: tenant.admin.userId } })
      .catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(error)).toBe(true);
  });

  it("does not take other errors for one", async () => {
    const tenant = await createTenant();
    const duplicate = await db.membership
      .create({ data: { accountId: tenant.accountId, userId: tenant.admin.userId, persona: "attendee" } })
      .catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(duplicate)).toBe(false);
    expect(isForeignKeyViolation(new Error("boom"))).toBe(false);
    expect(isForeignKeyViolation(undefined)).toBe(false);
  });
});

describe("isUniqueViolation", () => {
  it("recognizes a duplicate key on this database, and nothing else", async () => {
    const tenant = await createTenant();
    const duplicate = await db.membership
      .create({ data: { accountId: tenant.accountId, userId: tenant.admin.userId, persona: "attendee" } })
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
  });
});

describe("sqlState of a raw query", () => {
  it("reads the driver's SQLSTATE, not Prisma's P2010 wrapper", async () => {
    const tenant = await createTenant();
    const error = await db
      .$executeRaw`INSERT INTO "Membership" ("accountId", "userId", "persona") VALUES (${tenant.accountId}, ${tenant.admin.userId}, 'attendee')`
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });
});
