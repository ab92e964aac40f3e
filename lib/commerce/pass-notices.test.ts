// Pass notices: scheduled by the sender's sweep (schedulePassNotices) into the notice outbox, sent by
// its drain. Times derive from one `now` taken at the start of each test and passed as the clock.
import { beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/wake";
import { formatDate, formatDateTime } from "@/lib/format/dates";
import { sendWaitingNoticeEmails } from "@/tests/helpers/app-drains";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";
import { createClass, DAY, HOUR } from "@/app/api/bookings/booking-test-data";
import { schedulePassNotices } from "./schedule-pass-notices";

let tenant: TestTenant;
let now: Date;
const where = { locale: "da-DK", zone: "Europe/Copenhagen" };

beforeEach(async () => {
  await db.noticeEmail.deleteMany({}); // the file's own: drains below count only this test's emails
  now = new Date();
  tenant = await createTenant({ name: "Studio Sol" });
});

const schedule = (at: Date = now) => schedulePassNotices(getDatabase().raw, at);
const later = (ms: number) => new Date(now.getTime() + ms);
const noticesTo = (email: string) =>
  readOutbox().filter((message) => message.id.startsWith("notice-") && message.to === email);

/** A pass of `member`'s: a product of `type` with `classAllowance`, and the entitlement it gave. */
async function pass(
  member: TestMember,
  options: {
    name?: string;
    type?: string;
    classAllowance?: number | null;
    remainingClasses?: number | null;
    validFrom?: Date;
    validUntil?: Date | null;
    status?: string;
    cancelAt?: Date | null;
    providerSubscriptionId?: string | null;
    orderProvider?: string;
  } = {},
) {
  const classAllowance = options.classAllowance === undefined ? 10 : options.classAllowance;
  const product = await db.product.create({
    data: {
      accountId: tenant.accountId,
      type: options.type ?? "class_pass",
      name: options.name ?? "10-klippekort",
      classAllowance,
      status: "active",
    },
  });
  const price = await db.price.create({
    data: { accountId: tenant.accountId, productId: product.id, amount: 100_000, currency: "DKK", interval: null },
  });
  const order = options.orderProvider
    ? await db.order.create({
        data: {
          accountId: tenant.accountId,
          userId: member.userId,
          productId: product.id,
          priceId: price.id,
          amount: price.amount,
          currency: price.currency,
          status: "paid",
          provider: options.orderProvider,
          paidAt: now,
        },
      })
    : null;
  return db.entitlement.create({
    data: {
      accountId: tenant.accountId,
      userId: member.userId,
      productId: product.id,
      priceId: price.id,
      orderId: order?.id ?? null,
      remainingClasses: options.remainingClasses === undefined ? classAllowance : options.remainingClasses,
      validFrom: options.validFrom ?? new Date(now.getTime() - 30 * DAY),
      validUntil: options.validUntil === undefined ? null : options.validUntil,
      status: options.status ?? "active",
      cancelAt: options.cancelAt ?? null,
      providerSubscriptionId: options.providerSubscriptionId ?? null,
    },
  });
}

/** Books `member` into `count` classes through POST /api/bookings, as a member would, each taking a credit. */
async function bookClasses(member: TestMember, count: number) {
  for (let index = 0; index < count; index += 1) {
    const lesson = await createClass(tenant.accountId, { startsAt: later(2 * DAY + index * HOUR) });
    const response = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });
    expect(response.status).toBe(201);
  }
  // The requests woke this process's sender; the test sweeps itself, with its own clock.
  await stopJobs();
}

describe("one class left", () => {
  it("is emailed once, in Danish, when a 10-class pass has been booked down to its last class", async () => {
    const member = await createMember(tenant.accountId, "attendee", { displayName: "Ida Holm" });
    const entitlement = await pass(member, { validUntil: later(60 * DAY) });
    await bookClasses(member, 8);
    expect(await schedule()).toBe(0); // two left
    await bookClasses(member, 1);
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: entitlement.id } })).remainingClasses).toBe(1);

    expect(await schedule()).toBe(1);
    expect(await sendWaitingNoticeEmails()).toBe(1);
    expect(await schedule(later(HOUR))).toBe(0); // a second sweep: nothing more
    expect(await sendWaitingNoticeEmails()).toBe(0);

    const [notice, ...more] = noticesTo(member.email);
    expect(more).toHaveLength(0);
    expect(notice!.locale).toBe("da");
    expect(notice!.subject).toBe("Du har ét klip tilbage på 10-klippekort");
    expect(notice!.text).toContain("Hej Ida Holm,");
    expect(notice!.text).toContain(`Det kan bruges indtil ${formatDateTime(entitlement.validUntil!, where)}.`);
    expect(notice!.text).toContain(`/${tenant.slug}/passes`);
    expect(notice!.id).toMatch(/^notice-pass_one_left-\d+$/);
    expect(await db.noticeEmail.count({ where: { accountId: tenant.accountId } })).toBe(0); // deleted once sent
  });

  it("is not sent for a one-class drop-in, to who switched reminders off, or for a pass no longer valid", async () => {
    const dropIn = await createMember(tenant.accountId, "attendee");
    await pass(dropIn, { type: "drop_in", classAllowance: null, remainingClasses: 1, name: "Enkelttime" });
    const single = await createMember(tenant.accountId, "attendee");
    await pass(single, { classAllowance: 1 });
    const quiet = await createMember(tenant.accountId, "attendee");
    await db.user.update({ where: { id: quiet.userId }, data: { emailReminders: false } });
    await pass(quiet, { remainingClasses: 1 });
    const expired = await createMember(tenant.accountId, "attendee");
    await pass(expired, { remainingClasses: 1, validUntil: later(-HOUR) });
    const revoked = await createMember(tenant.accountId, "attendee");
    await pass(revoked, { remainingClasses: 1, status: "revoked" });

    expect(await schedule()).toBe(0);
    await db.user.update({ where: { id: quiet.userId }, data: { emailReminders: true } });
    expect(await schedule()).toBe(1); // switched on again: it comes then
  });

  it("is not sent when the pass was used up before the email went out", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    const entitlement = await pass(member, { remainingClasses: 1 });
    expect(await schedule()).toBe(1);
    await db.entitlement.update({ where: { id: entitlement.id }, data: { remainingClasses: 0, status: "exhausted" } });
    expect(await sendWaitingNoticeEmails()).toBe(0);
    expect(noticesTo(member.email)).toHaveLength(0);
    expect(await db.noticeEmail.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });
});

describe("expiry in 7 days", () => {
  it("is emailed 7 days before the end, not earlier, once, with the classes left", async () => {
    const member = await createMember(tenant.accountId, "attendee", { displayName: "Ida" });
    const entitlement = await pass(member, { remainingClasses: 3, validUntil: later(7 * DAY + 2 * HOUR) });
    expect(await schedule()).toBe(0); // 7 days and 2 hours before
    expect(await schedule(later(2 * HOUR + 1))).toBe(1);
    expect(await schedule(later(3 * HOUR))).toBe(0);
    expect(await sendWaitingNoticeEmails()).toBe(1);

    const [notice, ...more] = noticesTo(member.email);
    expect(more).toHaveLength(0);
    expect(notice!.subject).toBe(`10-klippekort udløber den ${formatDate(entitlement.validUntil!, where)}`);
    expect(notice!.text).toContain(
      `10-klippekort kan bruges indtil ${formatDateTime(entitlement.validUntil!, where)}.`,
    );
    expect(notice!.text).toContain("Du har 3 klip tilbage.");
  });

  it("is not sent for a used-up pass, a renewing membership, a pass valid only 7 days, or who switched reminders off", async () => {
    const soon = later(3 * DAY);
    const exhausted = await createMember(tenant.accountId, "attendee");
    await pass(exhausted, { remainingClasses: 0, status: "exhausted", validUntil: soon });
    const stripe = await createMember(tenant.accountId, "attendee");
    const membership = { type: "subscription", classAllowance: null, validUntil: soon, name: "Medlemskab" };
    await pass(stripe, { ...membership, providerSubscriptionId: "sub_123", orderProvider: "stripe" });
    const demo = await createMember(tenant.accountId, "attendee");
    await pass(demo, { ...membership, orderProvider: "demo" });
    const week = await createMember(tenant.accountId, "attendee");
    await pass(week, { validFrom: now, validUntil: later(7 * DAY) });
    const quiet = await createMember(tenant.accountId, "attendee");
    await db.user.update({ where: { id: quiet.userId }, data: { emailReminders: false } });
    await pass(quiet, { validUntil: soon });
    expect(await schedule()).toBe(0);
    expect(await schedule(later(DAY))).toBe(0); // the week pass on day two: still not told

    // A membership that will not renew: cancelled (it ends at validUntil), or granted at the desk.
    const cancelled = await createMember(tenant.accountId, "attendee");
    await pass(cancelled, {
      ...membership,
      providerSubscriptionId: "sub_456",
      orderProvider: "stripe",
      cancelAt: soon,
    });
    const desk = await createMember(tenant.accountId, "attendee");
    await pass(desk, { ...membership, orderProvider: "desk" });
    expect(await schedule()).toBe(2);
    await sendWaitingNoticeEmails();
    expect(noticesTo(cancelled.email)).toHaveLength(1);
    expect(noticesTo(desk.email)[0]!.text).not.toContain("klip tilbage"); // unlimited: no count
  });

  it("is in the recipient's language when they chose one", async () => {
    const member = await createMember(tenant.accountId, "attendee", { displayName: "Ada" });
    await db.user.update({ where: { id: member.userId }, data: { locale: "en" } });
    const entitlement = await pass(member, { name: "10-class pass", remainingClasses: 1, validUntil: later(5 * DAY) });
    expect(await schedule()).toBe(2); // one left and expiring
    expect(await sendWaitingNoticeEmails()).toBe(2);
    const subjects = noticesTo(member.email).map((notice) => notice.subject);
    expect(subjects.sort()).toEqual([
      "You have one class left on 10-class pass",
      `Your 10-class pass expires on ${formatDate(entitlement.validUntil!, where)}`,
    ]);
    expect(noticesTo(member.email).every((notice) => notice.locale === "en")).toBe(true);
    const expiring = noticesTo(member.email).find((notice) => notice.subject.startsWith("Your"))!;
    expect(expiring.text).toContain("YOUR 10-CLASS PASS EXPIRES SOON"); // the heading, as the text part writes it
    expect(expiring.text).toContain(
      `Your 10-class pass can be used until ${formatDateTime(entitlement.validUntil!, where)}.`,
    );
    for (const notice of noticesTo(member.email)) expect(notice.text).not.toMatch(/[{}]/); // every placeholder filled
  });
});

describe.skipIf(!process.env.TEST_DATABASE_FILE_URL)("sweeps racing on PostgreSQL", () => {
  it("four concurrent sweeps schedule each notice exactly once", async () => {
    for (let index = 0; index < 8; index += 1) {
      const member = await createMember(tenant.accountId, "attendee");
      await pass(member, { remainingClasses: 1, validUntil: later((2 + index / 4) * DAY) });
    }
    const counts = await Promise.all([schedule(), schedule(), schedule(), schedule()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(16);
    const queued = await db.noticeEmail.groupBy({
      by: ["entitlementId", "kind"],
      where: { accountId: tenant.accountId },
      _count: true,
    });
    expect(queued).toHaveLength(16);
    expect(queued.every((row) => row._count === 1)).toBe(true);
  });
});
