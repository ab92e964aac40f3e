// Booking emails go out in the attendee's language (lib/i18n/locales.ts emailLocale): their own
// choice, else the studio's language when we have it, else English. Dates keep the studio's locale.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { formatFullDateTime } from "@/lib/format/dates";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, type OutboxEmail } from "@/tests/helpers/outbox";
import { createClass } from "@/app/api/bookings/booking-test-data";
import { sendWaitingBookingEmails } from "@/tests/helpers/app-drains";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingNotice } from "./booking-notice";

const STARTS_AT = new Date("2026-12-01T18:00:00Z"); // tirsdag den 1. december 2026 kl. 19.00 in Copenhagen
let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant({ name: "Studio Sol" });
});

type Attachment = { filename: string; content: string };
const attachmentsOf = (email: OutboxEmail) => (email as unknown as { attachments?: Attachment[] }).attachments ?? [];

/** Sends `kind` about a booking of a "Yin Yoga" class by an attendee with language `locale` (null: none). */
async function emailAbout(kind: BookingNotice["kind"], options: { locale: string | null; wasWaitlisted?: boolean }) {
  const lesson = await createClass(tenant.accountId, { title: "Yin Yoga", startsAt: STARTS_AT });
  const member = await createMember(tenant.accountId, "attendee", { displayName: "Ida Holm" });
  await db.user.update({ where: { id: member.userId }, data: { locale: options.locale } });
  const status = kind === "cancelled" ? "cancelled" : kind === "cancelled_by_studio" ? "cancelled_by_studio" : "confirmed";
  const booking = await db.booking.create({
    data: { accountId: tenant.accountId, instanceId: lesson.id, attendeeId: member.userId, status },
  });
  const notice = { kind, bookingId: booking.id, wasWaitlisted: options.wasWaitlisted ?? false };
  await tenantDb(tenant.accountId).$transaction((tx) => enqueueBookingEmails(tx, tenant.accountId, [notice]));
  expect(await sendWaitingBookingEmails()).toBe(1);
  const emails = readOutbox().filter((email) => email.to === member.email);
  expect(emails).toHaveLength(1);
  return emails[0]!;
}

describe("the language of a booking email", () => {
  it("is the studio's for an attendee of a da-DK studio who chose none: Danish subject, body, html lang, outbox locale and calendar text", async () => {
    const email = await emailAbout("confirmed", { locale: null });
    expect(email.locale).toBe("da");
    expect(email.subject).toBe("Booking bekræftet: Yin Yoga, tirsdag den 1. december 2026 kl. 19.00");
    expect(email.html).toMatch(/<html [^>]*lang="da"/);
    expect(email.text).toContain("Hej Ida Holm,");
    expect(email.html).toContain(">Din booking er bekræftet</h1>");
    expect(email.text).toContain("Din plads er booket.");
    expect(email.text).not.toMatch(/booked|your/i);
    const [ics] = attachmentsOf(email);
    expect(ics!.filename).toBe("booking.ics");
    expect(ics!.content).toContain("DESCRIPTION:Booket hos Studio Sol");
  });

  it("is the attendee's own choice: English words, the studio's Danish date", async () => {
    const email = await emailAbout("confirmed", { locale: "en" });
    expect(email.locale).toBe("en");
    expect(email.subject).toBe("Booking confirmed: Yin Yoga, tirsdag den 1. december 2026 kl. 19.00");
    expect(email.html).toMatch(/<html [^>]*lang="en"/);
    expect(email.text).toContain("Hi Ida Holm,");
    expect(email.text).toContain("Your place is booked.");
    expect(attachmentsOf(email)[0]!.content).toContain("DESCRIPTION:Booked with Studio Sol");
  });

  it("is English for a studio whose language we do not have (de-DE), its dates German; Danish when the attendee chose it", async () => {
    await db.account.update({ where: { id: tenant.accountId }, data: { locale: "de-DE" } });
    const germanDate = formatFullDateTime(STARTS_AT, { locale: "de-DE", zone: "Europe/Copenhagen" });
    expect(germanDate).toContain("Dezember");

    const english = await emailAbout("confirmed", { locale: null });
    expect(english).toMatchObject({ locale: "en", subject: `Booking confirmed: Yin Yoga, ${germanDate}` });
    expect(english.html).toMatch(/<html [^>]*lang="en"/);

    const danish = await emailAbout("confirmed", { locale: "da" });
    expect(danish).toMatchObject({ locale: "da", subject: `Booking bekræftet: Yin Yoga, ${germanDate}` });
  });

  it("holds for every kind of booking email", async () => {
    const when = "tirsdag den 1. december 2026 kl. 19.00";
    const danish = [
      await emailAbout("promoted", { locale: null }),
      await emailAbout("cancelled", { locale: null }),
      await emailAbout("cancelled", { locale: null, wasWaitlisted: true }),
      await emailAbout("cancelled_by_studio", { locale: null }),
      await emailAbout("cancelled_by_studio", { locale: null, wasWaitlisted: true }),
    ];
    expect(danish.map((email) => [email.locale, email.subject])).toEqual([
      ["da", `Du har fået en plads: Yin Yoga, ${when}`],
      ["da", `Booking afmeldt: Yin Yoga, ${when}`],
      ["da", `Booking afmeldt: Yin Yoga, ${when}`],
      ["da", `Hold aflyst: Yin Yoga, ${when}`],
      ["da", `Hold aflyst: Yin Yoga, ${when}`],
    ]);
    expect(danish.map((email) => attachmentsOf(email).length)).toEqual([1, 0, 0, 0, 0]);
    expect(danish[1]!.text).toContain("du har fået holdet tilbage på dit klippekort eller medlemskab");
    expect(danish[2]!.text).toContain("du står ikke længere på ventelisten");
    expect(danish[3]!.text).toContain("Vi beklager, men studiet har aflyst dette hold.");

    const english = await emailAbout("cancelled_by_studio", { locale: "en" });
    expect([english.locale, english.subject]).toEqual(["en", `Class cancelled: Yin Yoga, ${when}`]);
    expect(english.text).toContain("We are sorry: the studio has cancelled this class.");
  });
});
