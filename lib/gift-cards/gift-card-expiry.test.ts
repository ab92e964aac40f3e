// A gift card's expiry (issue 47 §3): its holder told 60 and 14 days before its expiry day (from 00:00
// of those days in Copenhagen, across the change to summer time) and on expiry, each once; the card
// expired at the end of its last day in Copenhagen, not a millisecond before, with an `expire` entry of
// −balance, once however many sweeps run at once; a card spent to 0 expires without a word. Every time
// is an injected clock's; the jobs runner is held, so only what this file calls runs.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { issueTestGiftCard } from "@/tests/helpers/gift-cards";
import { readOutbox } from "@/tests/helpers/outbox";
import { expireGiftCards } from "./expire-gift-cards";
import { sendWaitingGiftCardEmails } from "./gift-card-email-jobs";
import { moveGiftCardBalance } from "./gift-card-ledger";
import { scheduleGiftCardExpiryNotices } from "./schedule-gift-card-expiry-notices";

let tenant: TestTenant;
let buyer: TestMember;

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the work
  await holdJobs();
});

beforeEach(async () => {
  tenant = await createTenant({ name: "Solsikke Yoga" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Anna Ærø" });
  await db.giftCardEmail.deleteMany({}); // what an earlier test left waiting is not this test's
});

const inbox = (to: string) =>
  readOutbox()
    .filter((email) => email.to === to)
    .map((email) => ({ ...email, text: email.text.replace(/\u00a0/g, " ") }));
const recipientAddress = () => `maja-${tenant.slug}@example.com`;

/**
 * The periodic work at `now`, as the runner does it, then the emails it wrote. It sweeps every
 * studio's cards (earlier tests' too), so tests judge by their own card and inbox, not by counts.
 */
async function sweep(now: Date): Promise<void> {
  await expireGiftCards(now);
  await scheduleGiftCardExpiryNotices(now);
  await sendWaitingGiftCardEmails({ now });
}

const statusOf = async (card: { id: string }) =>
  (await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).status;

// Bought Saturday 10 April 2026 at 12:00 in Copenhagen (CEST), valid 12 months: its last day is
// Saturday 10 April 2027. 60 days before is 9 February (CET), 14 days before is 27 March, the day
// before summer time begins (28 March 2027).
const BOUGHT = new Date("2026-04-10T10:00:00.000Z");
const SIXTY_DAYS_BEFORE = new Date("2027-02-08T23:00:00.000Z"); // 00:00 9 February, CET
const FOURTEEN_DAYS_BEFORE = new Date("2027-03-26T23:00:00.000Z"); // 00:00 27 March, CET
const LAST_DAY_ENDS = new Date("2027-04-10T22:00:00.000Z"); // 00:00 11 April, CEST
const before = (at: Date) => new Date(at.getTime() - 1);

async function deliveredCard(amount = 50000) {
  const issued = await issueTestGiftCard(tenant, buyer, {
    at: BOUGHT,
    amount,
    validityMonths: 12,
    recipientEmail: recipientAddress(),
    deliverOn: "2026-04-10",
  });
  await sendWaitingGiftCardEmails({ now: BOUGHT }); // the buyer's copy
  await sendWaitingGiftCardEmails({ now: BOUGHT }); // the recipient's card
  expect(inbox(recipientAddress())).toHaveLength(1);
  return issued.card;
}

async function spend(card: { id: string; accountId: string }, amount: number, at: Date) {
  const moved = await tenantDb(card.accountId).$transaction((tx) =>
    moveGiftCardBalance(tx, card, { kind: "redeem", amount: -amount, at }),
  );
  expect(moved).not.toBeNull();
}

describe("the expiry reminders", () => {
  it("tells the holder 60 and 14 days before the expiry day, from 00:00 in Copenhagen, each once", async () => {
    const card = await deliveredCard();
    await spend(card, 20000, new Date("2026-06-01T10:00:00.000Z"));

    await sweep(before(SIXTY_DAYS_BEFORE));
    expect(inbox(recipientAddress())).toHaveLength(1);
    await sweep(SIXTY_DAYS_BEFORE);
    await sweep(new Date("2027-02-20T12:00:00.000Z"));
    const [, sixty, ...more] = inbox(recipientAddress());
    expect(more).toEqual([]);
    expect(sixty!.locale).toBe("da");
    expect(sixty!.subject).toBe("Dit gavekort til Solsikke Yoga udløber den 10. april 2027");
    expect(sixty!.text).toContain("Dit gavekort udløber om 60 dage".toUpperCase());
    expect(sixty!.text).toContain(
      `Dit gavekort ····${card.codeLast4} har 300,00 kr. tilbage. Det kan bruges til og med 10. april 2027.`,
    );
    expect(sixty!.text).toContain("Hej Maja");

    await sweep(before(FOURTEEN_DAYS_BEFORE));
    expect(inbox(recipientAddress())).toHaveLength(2);
    await sweep(FOURTEEN_DAYS_BEFORE);
    await sweep(new Date("2027-04-01T12:00:00.000Z"));
    const fourteen = inbox(recipientAddress())[2];
    expect(fourteen!.text).toContain("Dit gavekort udløber om 14 dage".toUpperCase());
    expect(inbox(recipientAddress())).toHaveLength(3);
    expect((await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).lastExpiryNotice).toBe(14);
  });

  it("tells a card first seen within 14 days the 14-day reminder alone, and the buyer when there is no recipient", async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    await issueTestGiftCard(tenant, buyer, { at: BOUGHT, validityMonths: 12, deliverOn: "2026-04-10" });
    await sendWaitingGiftCardEmails({ now: BOUGHT });
    await sweep(new Date("2027-04-01T12:00:00.000Z"));
    const [, reminder, ...more] = inbox(buyer.email);
    expect(more).toEqual([]);
    expect(reminder!.locale).toBe("en");
    expect(reminder!.subject).toBe("Your gift card to Solsikke Yoga expires on 10 April 2027");
    expect(reminder!.text).toContain("has 500,00 kr. left");
  });

  it("tells nothing about a card spent to 0, which expires without a word", async () => {
    const card = await deliveredCard(30000);
    await spend(card, 30000, new Date("2026-06-01T10:00:00.000Z"));
    await sweep(SIXTY_DAYS_BEFORE);
    await sweep(FOURTEEN_DAYS_BEFORE);
    expect(inbox(recipientAddress())).toHaveLength(1); // the card itself only
    await sweep(LAST_DAY_ENDS);
    const expired = await db.giftCard.findUniqueOrThrow({ where: { id: card.id }, include: { entries: true } });
    expect(expired.status).toBe("expired");
    expect(expired.entries.map((entry) => entry.kind).sort()).toEqual(["issue", "redeem"]);
    expect(inbox(recipientAddress())).toHaveLength(1); // the card itself only
  });

  it("sends no reminder to a recipient whose card has not reached them yet", async () => {
    // bought on the last possible day ahead: its day comes after the 60-day reminder would
    await issueTestGiftCard(tenant, buyer, {
      at: BOUGHT,
      validityMonths: 12,
      recipientEmail: recipientAddress(),
      deliverOn: "2027-03-01",
    });
    await sendWaitingGiftCardEmails({ now: BOUGHT });
    await sweep(SIXTY_DAYS_BEFORE);
    expect(inbox(recipientAddress())).toEqual([]);
    // on its day it arrives; the 14-day reminder follows
    await sweep(new Date("2027-02-28T23:00:00.000Z"));
    expect(inbox(recipientAddress())).toHaveLength(1);
    await sweep(FOURTEEN_DAYS_BEFORE);
    expect(inbox(recipientAddress())).toHaveLength(2);
  });
});

describe("the expiry", () => {
  it("expires a card at the end of its last day in Copenhagen, not before, with an expire entry of −balance, once", async () => {
    const card = await deliveredCard();
    await spend(card, 20000, new Date("2026-06-01T10:00:00.000Z"));

    await sweep(before(LAST_DAY_ENDS));
    expect(await statusOf(card)).toBe("active");

    // two sweeps at once (two processes): the card expires once
    await Promise.all([expireGiftCards(LAST_DAY_ENDS), expireGiftCards(LAST_DAY_ENDS)]);
    await sweep(LAST_DAY_ENDS);
    await sweep(new Date("2027-04-11T12:00:00.000Z"));

    const expired = await db.giftCard.findUniqueOrThrow({
      where: { id: card.id },
      include: { entries: { orderBy: { at: "asc" } } },
    });
    expect(expired).toMatchObject({ status: "expired", balance: 0, lastExpiryNotice: 0 });
    expect(expired.entries.map(({ kind, amount, at }) => ({ kind, amount, at }))).toEqual([
      { kind: "issue", amount: 50000, at: BOUGHT },
      { kind: "redeem", amount: -20000, at: new Date("2026-06-01T10:00:00.000Z") },
      { kind: "expire", amount: -30000, at: LAST_DAY_ENDS },
    ]);
    expect(expired.entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(expired.balance);

    const emails = inbox(recipientAddress());
    const told = emails.filter((email) => email.subject === "Dit gavekort til Solsikke Yoga er udløbet");
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(
      `Dit gavekort ····${card.codeLast4} udløb ved udgangen af 10. april 2027 med 300,00 kr. tilbage.`,
    );
    expect(told[0]!.text).toContain(
      "Du kan stadig få saldoen udbetalt til og med 10. april 2028: vælg “Få pengene udbetalt” på din side hos Solsikke Yoga, eller skriv til studiet.",
    );
    expect(told[0]!.text).toContain(`/${tenant.slug}/me`);
  });

  it("leaves a void card alone", async () => {
    const card = await deliveredCard();
    await db.giftCard.update({ where: { id: card.id }, data: { status: "void" } });
    await sweep(LAST_DAY_ENDS);
    expect(await statusOf(card)).toBe("void");
    expect(await db.giftCardEntry.count({ where: { giftCardId: card.id, kind: "expire" } })).toBe(0);
  });
});
