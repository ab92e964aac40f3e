import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const {
  bookIntoClassAction,
  changePersonaAction,
  erasePersonAction,
  grantPassAction,
  inviteUserAction,
  removeMembershipAction,
} = await import("./actions");

const DAY_MS = 24 * 60 * 60 * 1000;

/** A published class a week from now (whatever the time of day), and a pass product with an adult and a youth price. */
async function classAndPass(accountId: string) {
  const event = await db.event.create({
    data: { accountId, title: "Flow", durationMinutes: 60, capacity: 10, status: "published" },
  });
  const startsAt = new Date(Date.now() + 7 * DAY_MS);
  const instance = await db.instance.create({
    data: { accountId, eventId: event.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), capacity: 10 },
  });
  const product = await db.product.create({
    data: {
      accountId,
      type: "class_pass",
      name: "5 classes",
      classAllowance: 5,
      prices: {
        create: [
          { accountId, amount: 50000, currency: "DKK", position: 0 },
          { accountId, amount: 30000, currency: "DKK", position: 1, maxAge: 17 },
        ],
      },
    },
    include: { prices: { orderBy: { position: "asc" } } },
  });
  const [adult, youth] = product.prices;
  return { instance, product, adult: adult!, youth: youth! };
}

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

describe("people actions", () => {
  it("invites with the API's schema: field errors, then success, then the 409 message", async () => {
    expect(await inviteUserAction(formData({ email: "nope", displayName: " ", persona: "attendee" }))).toEqual({
      ok: false,
      error: "Please correct the marked fields.",
      fieldErrors: { email: "Enter an email address such as ida@example.com", displayName: "Required" },
    });
    const invite = formData({ email: " Ida@Example.com ", displayName: "Ida Holm", persona: "attendee" });
    expect(await inviteUserAction(invite)).toMatchObject({ ok: true });
    const membership = await db.membership.findFirst({
      where: { accountId: tenant.accountId, user: { email: "ida@example.com" } },
    });
    expect(membership?.persona).toBe("attendee");
    expect(await inviteUserAction(invite)).toEqual({ ok: false, error: "User already participates in this account" });
  });

  it("refuses to remove the viewer's own membership and keeps the last administrator", async () => {
    expect(await removeMembershipAction(formData({ userId: tenant.admin.userId }))).toEqual({
      ok: false,
      error: "You cannot remove your active membership",
    });
    expect(await changePersonaAction(formData({ userId: tenant.admin.userId, persona: "attendee" }))).toMatchObject({
      ok: false,
      fieldErrors: { persona: "The studio needs at least one administrator" },
    });
    expect(await db.membership.count({ where: { accountId: tenant.accountId, persona: "administrator" } })).toBe(1);
  });

  it("erases a person of this studio only, then goes back to the list; refuses one of another studio", async () => {
    const member = await createMember(tenant.accountId, "attendee", { displayName: "Glem Mig" });
    await expect(erasePersonAction(formData({ userId: member.userId }))).rejects.toThrow(/NEXT_REDIRECT/);
    const erased = await db.user.findUniqueOrThrow({ where: { id: member.userId } });
    expect(erased.email).toMatch(/@erased\.invalid$/);
    expect(await db.membership.count({ where: { userId: member.userId } })).toBe(0);

    const shared = await createMember(tenant.accountId, "attendee");
    await db.membership.create({ data: { accountId: (await createTenant()).accountId, userId: shared.userId, persona: "attendee" } });
    expect(await erasePersonAction(formData({ userId: shared.userId }))).toEqual({
      ok: false,
      error: "Person belongs to another studio",
    });
    expect(await erasePersonAction(formData({ userId: tenant.admin.userId }))).toEqual({
      ok: false,
      error: "You cannot remove your active membership",
    });
  });

  it("removes another member", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    expect(await removeMembershipAction(formData({ userId: member.userId }))).toMatchObject({ ok: true });
    expect(await db.membership.count({ where: { accountId: tenant.accountId, userId: member.userId } })).toBe(0);
  });

  it("cannot reach another studio's people or products, and changes nothing there", async () => {
    const other = await createTenant();
    const product = await db.product.create({
      data: {
        accountId: other.accountId,
        type: "drop_in",
        name: "Other drop-in",
        prices: { create: { accountId: other.accountId, amount: 100, currency: "DKK", position: 0 } },
      },
    });
    const member = await createMember(tenant.accountId, "attendee");
    expect(await removeMembershipAction(formData({ userId: other.admin.userId }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await grantPassAction(formData({ userId: member.userId, productId: product.id }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect(await db.membership.count({ where: { accountId: other.accountId } })).toBe(1);
    expect(await db.order.count()).toBe(0);
  });

  it("grants a pass at the desk as a paid desk order", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const product = await db.product.create({
      data: {
        accountId: tenant.accountId,
        type: "class_pass",
        name: "5 classes",
        classAllowance: 5,
        prices: { create: { accountId: tenant.accountId, amount: 50000, currency: "DKK", position: 0 } },
      },
    });
    const state = await grantPassAction(formData({ userId: member.userId, productId: product.id, note: "Cash" }));
    expect(state).toMatchObject({ ok: true });
    expect(await db.order.findFirst({ where: { userId: member.userId } })).toMatchObject({
      provider: "desk",
      status: "paid",
      amount: 50000,
    });
  });

  it("shows attendees and signed-out visitors the not-found page instead of acting", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    for (const token of [attendee.token, undefined, "not-a-session"]) {
      signInAs(token);
      await expect(
        inviteUserAction(formData({ email: "x@example.com", displayName: "X", persona: "administrator" })),
      ).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
    }
    expect(await db.user.count({ where: { email: "x@example.com" } })).toBe(0);
  });

  it("grants a pass at the chosen price, and refuses a price the person's age does not fit", async () => {
    const { product, adult, youth } = await classAndPass(tenant.accountId);
    const member = await createMember(tenant.accountId, "attendee");
    await db.user.update({ where: { id: member.userId }, data: { dateOfBirth: new Date("1990-05-01") } });
    expect(await grantPassAction(formData({ userId: member.userId, offer: `${product.id}/${youth.id}` }))).toEqual({
      ok: false,
      error: "Not eligible for this price",
    });
    expect(await db.entitlement.count({ where: { userId: member.userId } })).toBe(0);
    expect(await grantPassAction(formData({ userId: member.userId, offer: `${product.id}/${adult.id}` }))).toEqual({
      ok: true,
      message: "Pass granted and recorded as a paid desk order.",
    });
    expect(await db.order.findFirst({ where: { userId: member.userId } })).toMatchObject({
      priceId: adult.id,
      amount: 50000,
      provider: "desk",
    });
    const young = await createMember(tenant.accountId, "attendee");
    await db.user.update({
      where: { id: young.userId },
      data: { dateOfBirth: new Date(Date.now() - 12 * 365 * DAY_MS) },
    });
    expect(await grantPassAction(formData({ userId: young.userId, offer: `${product.id}/${youth.id}` }))).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await db.order.findFirst({ where: { userId: young.userId } })).toMatchObject({
      priceId: youth.id,
      amount: 30000,
    });
    // another product's price: the pair is unknown
    const other = await classAndPass(tenant.accountId);
    expect(
      await grantPassAction(formData({ userId: member.userId, offer: `${product.id}/${other.adult.id}` })),
    ).toEqual({
      ok: false,
      error: "Resource not found",
    });
  });

  it("books a person into a class with their pass, once", async () => {
    const { instance, product, adult } = await classAndPass(tenant.accountId);
    const member = await createMember(tenant.accountId, "attendee");
    const book = formData({ userId: member.userId, instanceId: instance.id });
    expect(await bookIntoClassAction(book)).toMatchObject({ ok: false });
    expect(await db.booking.count({ where: { attendeeId: member.userId } })).toBe(0);
    await grantPassAction(formData({ userId: member.userId, offer: `${product.id}/${adult.id}` }));
    expect(await bookIntoClassAction(book)).toEqual({ ok: true, message: "Booked into the class." });
    const booking = await db.booking.findFirstOrThrow({ where: { attendeeId: member.userId } });
    expect(booking).toMatchObject({ instanceId: instance.id, status: "confirmed" });
    expect(await db.entitlement.findFirst({ where: { userId: member.userId } })).toMatchObject({ remainingClasses: 4 });
    expect(await bookIntoClassAction(book)).toEqual({
      ok: false,
      error: "Already booked",
    });
    expect(await bookIntoClassAction(formData({ userId: member.userId, instanceId: "" }))).toMatchObject({
      ok: false,
      fieldErrors: { instanceId: expect.any(String) },
    });
  });

  it("cannot book someone of another studio or into another studio's class", async () => {
    const other = await createTenant();
    const theirs = await classAndPass(other.accountId);
    const ours = await classAndPass(tenant.accountId);
    const member = await createMember(tenant.accountId, "attendee");
    expect(await bookIntoClassAction(formData({ userId: member.userId, instanceId: theirs.instance.id }))).toEqual({
      ok: false,
      error: "Resource not found",
    });
    expect((await bookIntoClassAction(formData({ userId: other.admin.userId, instanceId: ours.instance.id }))).ok).toBe(
      false,
    );
    expect(await db.booking.count({ where: { accountId: { in: [tenant.accountId, other.accountId] } } })).toBe(0);
  });

  it("changes a person's persona to teacher and back", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    expect(await changePersonaAction(formData({ userId: member.userId, persona: "teacher" }))).toEqual({
      ok: true,
      message: "Saved.",
    });
    expect(await db.membership.findFirst({ where: { userId: member.userId } })).toMatchObject({ persona: "teacher" });
    expect(await changePersonaAction(formData({ userId: member.userId, persona: "owner" }))).toMatchObject({
      ok: false,
      fieldErrors: { persona: expect.any(String) },
    });
    expect(await changePersonaAction(formData({ userId: member.userId, persona: "attendee" }))).toMatchObject({
      ok: true,
    });
    expect(await db.membership.findFirst({ where: { userId: member.userId } })).toMatchObject({ persona: "attendee" });
  });
});
