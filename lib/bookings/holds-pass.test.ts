// A member without any pass is invited to buy one; a member whose passes do not cover a class is
// told so: getBookingOptions (the class page) and listBookingDecisions (the schedule) tell them apart.
import { beforeEach, describe, expect, it } from "vitest";
import { createClass, DAY, grant } from "@/app/api/bookings/booking-test-data";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { getBookingOptions, listBookingDecisions } from "./get-booking-options";

let tenant: TestTenant;
let member: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  member = await createMember(tenant.accountId, "attendee");
});

async function decisions(instanceId: string) {
  const db = tenantDb(tenant.accountId);
  const who = { db, accountId: tenant.accountId, userId: member.userId };
  const options = await getBookingOptions({ ...who, instanceId });
  const listed = (await listBookingDecisions({ ...who, instanceIds: [instanceId] })).get(instanceId)!;
  expect(listed).toMatchObject({ reason: options.reason, holdsPass: options.holdsPass });
  return options;
}

describe("holdsPass beside the reason no_entitlement", () => {
  it("is false for a member who never had a pass", async () => {
    const lesson = await createClass(tenant.accountId);
    expect(await decisions(lesson.id)).toMatchObject({ reason: "no_entitlement", holdsPass: false });
  });

  it("is false when every pass is used up, expired or revoked", async () => {
    const lesson = await createClass(tenant.accountId);
    await grant(tenant.accountId, member.userId, { remainingClasses: 0 });
    await grant(tenant.accountId, member.userId, {
      validFrom: new Date(Date.now() - 30 * DAY),
      validUntil: new Date(Date.now() - DAY),
    });
    await grant(tenant.accountId, member.userId, { status: "revoked" });
    expect(await decisions(lesson.id)).toMatchObject({ reason: "no_entitlement", holdsPass: false });
  });

  it("is true for a member whose pass is for other classes: their passes do not cover this one", async () => {
    const lesson = await createClass(tenant.accountId);
    const other = await createClass(tenant.accountId);
    await grant(tenant.accountId, member.userId, { eligibleEventIds: [other.eventId] });
    expect(await decisions(lesson.id)).toMatchObject({ reason: "no_entitlement", holdsPass: true });
    expect(await decisions(other.id)).toMatchObject({ canBook: true, reason: null, holdsPass: true });
  });

  it("is true for a pass that ends before the class starts", async () => {
    const lesson = await createClass(tenant.accountId, { startsAt: new Date(Date.now() + 5 * DAY) });
    await grant(tenant.accountId, member.userId, { validUntil: new Date(Date.now() + 2 * DAY) });
    expect(await decisions(lesson.id)).toMatchObject({ reason: "no_entitlement", holdsPass: true });
  });
});
