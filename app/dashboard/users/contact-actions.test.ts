// Issue 45 §5: the phone and notes an import brought are where the desk looks (the person page, the
// people list) and the desk changes them.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { commitWaitingImports } from "@/lib/imports/import-commit-jobs";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { contactsOf, getPersonContact } from "@/lib/users/get-person-contact";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { updatePersonContactAction } = await import("./actions");

let tenant: TestTenant;
beforeAll(async () => {
  startBackgroundWork();
  await holdJobs();
});
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

async function importPeople(text: string) {
  const created = await api("POST", "/imports?kind=people", {
    token: tenant.admin.token,
    rawBody: new TextEncoder().encode(text),
    headers: { "content-type": "text/csv" },
  });
  expect(created.status).toBe(201);
  expect((await api("POST", `/imports/${created.body.id}/commit`, { token: tenant.admin.token })).status).toBe(202);
  await commitWaitingImports({ untilNoneDue: true });
}

const userIdOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email } })).id;

describe("a member's phone and notes", () => {
  it("shows what an import brought on the person page and in the people list, and the desk changes both", async () => {
    await importPeople("Email;Navn;Telefon;Noter\nkirsten.contact@example.com;Kirsten;+45 20 12 34 56;Ringer før hun kommer\n");
    const userId = await userIdOf("kirsten.contact@example.com");
    const studio = tenantDb(tenant.accountId);
    expect(await getPersonContact({ db: studio, userId })).toEqual({
      phone: "+45 20 12 34 56",
      notes: "Ringer før hun kommer",
      sharedIdentity: false,
    });
    expect((await contactsOf({ db: studio, userIds: [userId] })).get(userId)?.phone).toBe("+45 20 12 34 56");

    const saved = await updatePersonContactAction(
      formData({ userId, phone: " 31 22 11 00 ", notes: "Knæskade: ingen dybe bøjninger\nRinger før hun kommer" }),
    );
    expect(saved).toEqual({ ok: true, message: "Phone and notes saved." });
    expect(await getPersonContact({ db: studio, userId })).toMatchObject({
      phone: "31 22 11 00",
      notes: "Knæskade: ingen dybe bøjninger\nRinger før hun kommer",
    });
    expect(await updatePersonContactAction(formData({ userId, phone: "", notes: "" }))).toMatchObject({ ok: true });
    expect(await getPersonContact({ db: studio, userId })).toMatchObject({ phone: null, notes: null });
  });

  it("refuses what is too long, a phone another studio reads too, and another studio's member", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    expect(
      await updatePersonContactAction(formData({ userId: member.userId, phone: "1".repeat(51), notes: "x".repeat(2001) })),
    ).toMatchObject({ ok: false, fieldErrors: { phone: expect.any(String), notes: expect.any(String) } });
    const other = await createTenant();
    await db.membership.create({ data: { accountId: other.accountId, userId: member.userId, persona: "attendee" } });
    expect(await updatePersonContactAction(formData({ userId: member.userId, phone: "12345678" }))).toMatchObject({
      ok: false,
      fieldErrors: { phone: "This person also belongs to another studio, so the phone number cannot be changed here" },
    });
    // the notes are this studio's own: they change though the phone is shared
    expect(await updatePersonContactAction(formData({ userId: member.userId, notes: "Ny" }))).toMatchObject({ ok: true });
    expect(await getPersonContact({ db: tenantDb(tenant.accountId), userId: member.userId })).toMatchObject({
      notes: "Ny",
      sharedIdentity: true,
    });
    expect(await updatePersonContactAction(formData({ userId: other.admin.userId, notes: "x" }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await db.membership.findFirst({ where: { userId: other.admin.userId } })).toMatchObject({ notes: null });
  });
});
