import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { getSetupChecklist, type SetupStep } from "./get-setup-checklist";

// A fixed clock: the classes below are "to come" relative to it, whatever the day the tests run.
const NOW = new Date("2026-03-02T09:00:00Z");
const LATER = new Date("2026-03-04T17:00:00Z");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
});

async function ticked(accountId = tenant.accountId): Promise<SetupStep[]> {
  const checklist = await getSetupChecklist({ db: tenantDb(accountId), accountId, now: NOW });
  return checklist.steps.filter((step) => step.done).map((step) => step.step);
}

/** A studio with everything the checklist asks for. */
async function setUpFully(accountId: string) {
  await db.account.update({
    where: { id: accountId },
    data: { description: "Yoga by the lakes.", logoUrl: "https://example.com/logo.png" },
  });
  await db.location.create({ data: { accountId, name: "Sal 1", address: "Søgade 1, 2200 København N" } });
  const event = await db.event.create({
    data: { accountId, title: "Morgenyoga", durationMinutes: 60, capacity: 12, status: "published" },
  });
  await db.series.create({
    data: {
      accountId,
      eventId: event.id,
      frequency: "weekly",
      weekdays: [3],
      localStartTime: "18:00",
      durationMinutes: 60,
      timezone: "Europe/Copenhagen",
      startsOn: new Date("2026-03-04"),
      count: 10,
      capacity: 12,
    },
  });
  await db.instance.create({
    data: {
      accountId,
      eventId: event.id,
      startsAt: LATER,
      endsAt: new Date(LATER.getTime() + 3_600_000),
      capacity: 12,
    },
  });
  await db.product.create({
    data: {
      accountId,
      type: "class_pass",
      name: "10 klip",
      classAllowance: 10,
      status: "active",
      prices: { create: { accountId, amount: 120000, currency: "DKK" } },
    },
  });
  await db.accountPayments.create({ data: { accountId, takesPaymentAtDesk: true } });
  await db.account.update({ where: { id: accountId }, data: { vatNumber: "DK12345678", vatRateBasisPoints: 2500 } });
  await createMember(accountId, "teacher");
  await db.termsVersion.create({ data: { accountId, version: 1, da: "# Vilkår", sha256: "0".repeat(64) } });
  return event;
}

describe("the setup checklist", () => {
  it("ticks nothing for a new studio and is not done", async () => {
    const checklist = await getSetupChecklist({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      now: NOW,
    });
    expect(checklist.steps.map((step) => step.step)).toEqual([
      "profile",
      "location",
      "weeklyClass",
      "passOnSale",
      "payments",
      "vat",
      "terms",
      "teacher",
      "publicPage",
    ]);
    expect(checklist.steps.every((step) => !step.done)).toBe(true);
    expect(checklist.profileMissing).toEqual(["address", "description", "logo"]);
    expect(checklist.done).toBe(false);
  });

  it("ticks every step from the studio's data, and is done", async () => {
    await setUpFully(tenant.accountId);
    const checklist = await getSetupChecklist({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      now: NOW,
    });
    expect(checklist.steps.filter((step) => !step.done)).toEqual([]);
    expect(checklist.profileMissing).toEqual([]);
    expect(checklist.done).toBe(true);
  });

  it("counts another studio's data for nobody else", async () => {
    const other = await createTenant();
    await setUpFully(other.accountId);
    expect(await ticked(other.accountId)).toHaveLength(9);
    expect(await ticked()).toEqual([]);
  });

  it("unticks a step when its data goes: drafts, archived and past things do not count", async () => {
    const event = await setUpFully(tenant.accountId);
    await db.product.updateMany({ where: { accountId: tenant.accountId }, data: { status: "draft" } });
    expect(await ticked()).not.toContain("passOnSale");
    expect(await ticked()).not.toContain("publicPage");
    await db.product.updateMany({ where: { accountId: tenant.accountId }, data: { status: "active" } });
    await db.price.updateMany({ where: { accountId: tenant.accountId }, data: { retired: true } });
    expect(await ticked()).not.toContain("passOnSale");
    await db.price.updateMany({ where: { accountId: tenant.accountId }, data: { retired: false } });

    await db.event.update({ where: { id: event.id }, data: { status: "draft" } });
    expect(await ticked()).not.toContain("weeklyClass");
    expect(await ticked()).not.toContain("publicPage");
    await db.event.update({ where: { id: event.id }, data: { status: "published" } });
    await db.series.updateMany({ where: { eventId: event.id }, data: { status: "ended" } });
    expect(await ticked()).not.toContain("weeklyClass");
    await db.series.updateMany({ where: { eventId: event.id }, data: { status: "active" } });
    // Only classes still to come make the public page worth sharing.
    await db.instance.updateMany({
      where: { eventId: event.id },
      data: { startsAt: new Date("2026-03-01T17:00:00Z") },
    });
    expect(await ticked()).not.toContain("publicPage");
    await db.instance.updateMany({ where: { eventId: event.id }, data: { startsAt: LATER } });

    await db.location.updateMany({ where: { accountId: tenant.accountId }, data: { status: "archived" } });
    expect(await ticked()).not.toContain("location");
    expect(await ticked()).not.toContain("profile"); // its address was the location's
    await db.account.update({ where: { id: tenant.accountId }, data: { legalAddress: "Søgade 1, 2200 København N" } });
    expect(await ticked()).toContain("profile");
    await db.account.update({ where: { id: tenant.accountId }, data: { logoUrl: null } });
    const checklist = await getSetupChecklist({
      db: tenantDb(tenant.accountId),
      accountId: tenant.accountId,
      now: NOW,
    });
    expect(checklist.profileMissing).toEqual(["logo"]);

    await db.accountPayments.update({ where: { accountId: tenant.accountId }, data: { takesPaymentAtDesk: false } });
    expect(await ticked()).not.toContain("payments");
    await db.accountPayments.update({ where: { accountId: tenant.accountId }, data: { stripeStatus: "onboarding" } });
    expect(await ticked()).not.toContain("payments");
    await db.accountPayments.update({ where: { accountId: tenant.accountId }, data: { stripeStatus: "active" } });
    expect(await ticked()).toContain("payments");
  });

  it("counts a teacher who is only invited, but not an attendee or an administrator", async () => {
    await createMember(tenant.accountId, "attendee");
    await createMember(tenant.accountId, "administrator");
    expect(await ticked()).not.toContain("teacher");
    await createMember(tenant.accountId, "teacher", { status: "invited" });
    expect(await ticked()).toContain("teacher");
  });

  it("ticks Moms og CVR once PATCH /account sets both a VAT rate and a CVR number, or marks the studio not VAT-registered", async () => {
    const legal = (body: Record<string, unknown>) =>
      api("PATCH", "/account", { token: tenant.admin.token, body: { legal: body } });
    expect((await legal({ vatRate: 25 })).status).toBe(200);
    expect(await ticked()).not.toContain("vat"); // no CVR number yet
    expect((await legal({ vatNumber: "DK12345678" })).body.legal).toMatchObject({ vatRate: 25, vatExempt: false });
    expect(await ticked()).toContain("vat");
    await legal({ vatRate: null });
    expect(await ticked()).not.toContain("vat");
    await legal({ vatNumber: null });
    expect((await legal({ vatExempt: true })).body.legal).toMatchObject({ vatRate: null, vatNumber: null, vatExempt: true });
    expect(await ticked()).toContain("vat");
    expect((await api("GET", "/account", { token: tenant.admin.token })).body.legal.vatExempt).toBe(true);
    expect(await legal({ vatExempt: "yes" })).toMatchObject({ status: 400 });
  });
});
