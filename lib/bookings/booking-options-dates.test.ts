// The class page's booking sentence names its dates in the reader's language: English words for an
// English reader of a Danish studio, Danish for a Danish one; the studio's time zone and 24-hour times.
import { beforeEach, describe, expect, it } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { getBookingOptions } from "./get-booking-options";

const NOW = new Date("2026-11-01T10:00:00Z"); // a fixed clock: Sunday 1 November
const MONDAY_CLASS = new Date("2026-11-30T18:45:00Z"); // Monday 30 November, 19:45 in Copenhagen

let tenant: TestTenant;
let member: TestMember;

beforeEach(async () => {
  tenant = await createTenant(); // da-DK, Europe/Copenhagen
  member = await createMember(tenant.accountId, "attendee");
  await grant(tenant.accountId, member.userId, { validFrom: new Date("2026-10-01T00:00:00Z") });
});

async function messageFor(visitorLocale: "da" | "en"): Promise<string> {
  const lesson = await createClass(tenant.accountId, { startsAt: MONDAY_CLASS });
  const db = tenantDb(tenant.accountId);
  const options = await getBookingOptions({
    db,
    accountId: tenant.accountId,
    userId: member.userId,
    instanceId: lesson.id,
    visitorLocale,
    now: NOW,
  });
  expect(options.reason).toBe("not_open_yet"); // booking opens 14 days before: Monday 16 November
  return options.message;
}

describe("the dates of the booking sentence", () => {
  it("are English on an English page of a Danish studio", async () => {
    expect(await messageFor("en")).toMatch(/^Booking opens Mon,? 16 Nov 2026, 19[.:]45\.$/u);
  });

  it("are Danish on a Danish page", async () => {
    expect(await messageFor("da")).toBe("Bookingen åbner man. 16. nov. 2026, 19.45.");
  });
});
