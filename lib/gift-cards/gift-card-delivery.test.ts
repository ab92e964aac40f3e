// A gift card's emails (issue 47 §1): the buyer's copy when it is issued, the recipient's card from
// 00:00 of its deliverOn in Copenhagen (not a second before, and once), the card to pass on without a
// recipient address, the PDF with the grouped code and the link its QR holds. Every time is an
// injected clock's; the jobs runner is held, so only the drains called here send.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { onOutboxWrites } from "@/lib/db/outbox-writes";
import { holdJobs, runJobsOnce } from "@/lib/jobs/wake";
import { env } from "@/lib/env";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { issueTestGiftCard } from "@/tests/helpers/gift-cards";
import { api } from "@/tests/helpers/api";
import { product } from "@/tests/helpers/order-rows";
import { shiftByStudioDays, startOfStudioDate } from "@/lib/studio-time/day";
import { studioDate } from "@/lib/studio-time/studio-date";
import { readOutbox, type OutboxEmail } from "@/tests/helpers/outbox";
import { isPdf, pdfText } from "@/tests/helpers/pdf";
import { qrTextOfPdf } from "@/tests/helpers/qr";
import { noEmailAddress } from "@/lib/users/stand-in-addresses";
import { groupGiftCardCode } from "./gift-card-code";
import { giftCardLink } from "./gift-card-email-facts";
import { sendWaitingGiftCardEmails } from "./gift-card-email-jobs";

let tenant: TestTenant;
let buyer: TestMember;

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; then this file drives the drains
  await holdJobs();
});

beforeEach(async () => {
  tenant = await createTenant({ name: "Solsikke Yoga" });
  buyer = await createMember(tenant.accountId, "attendee", { displayName: "Anna Ærø" });
  await db.giftCardEmail.deleteMany({}); // what an earlier test left waiting is not this test's
});

/** The emails to `to`, their text with plain spaces (money is written with a no-break space). */
const inbox = (to: string) =>
  readOutbox()
    .filter((email) => email.to === to)
    .map((email) => ({ ...email, text: email.text.replace(/\u00a0/g, " ") }));
const drain = (now: Date) => sendWaitingGiftCardEmails({ now });
const recipientAddress = () => `maja-${tenant.slug}@example.com`;

async function pdfOf(email: OutboxEmail): Promise<string> {
  const attachment = email.attachments?.find((file) => file.contentType === "application/pdf");
  expect(attachment).toBeDefined();
  const bytes = Buffer.from(attachment!.content, "base64");
  expect(isPdf(bytes)).toBe(true);
  return (await pdfText(bytes)).replace(/\u00a0/g, " ");
}

// Bought Sunday 20 December 2026 at 11:00 in Copenhagen, for Thursday the 24th
const BOUGHT = new Date("2026-12-20T10:00:00.000Z");
const DAY_BEFORE_ENDS = new Date("2026-12-23T22:59:59.999Z");
const DAY_STARTS = new Date("2026-12-23T23:00:00.000Z"); // 00:00 on the 24th in Copenhagen (CET)

describe("a gift card for a later day", () => {
  it("sends the buyer's copy at once, the recipient's card from 00:00 of its day and once, then erases the code", async () => {
    const { card, code } = await issueTestGiftCard(tenant, buyer, {
      at: BOUGHT,
      recipientEmail: recipientAddress(),
      message: "Tillykke med dagen!\nKnus, Anna",
      deliverOn: "2026-12-24",
    });
    const grouped = groupGiftCardCode(code);
    const link = giftCardLink(env().APP_URL, tenant.slug, code);

    expect(await drain(BOUGHT)).toBe(1);
    const [copy, ...more] = inbox(buyer.email);
    expect(more).toEqual([]);
    expect(copy!.locale).toBe("da");
    expect(copy!.subject).toBe("Dit gavekort til Maja fra Solsikke Yoga");
    expect(copy!.text).toContain(
      `Dit gavekort på 500,00 kr. til Maja bliver sendt til ${recipientAddress()} den 24. december. Her er en kopi af det.`,
    );
    expect(copy!.text).toContain(`Kode: ${grouped}`);
    expect(await pdfOf(copy!)).toContain(grouped);
    expect(inbox(recipientAddress())).toEqual([]);
    // the code waits sealed for the recipient's email
    expect((await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).codeSealed).not.toBeNull();

    expect(await drain(DAY_BEFORE_ENDS)).toBe(0);
    expect(inbox(recipientAddress())).toEqual([]);

    // two processes' drains at once: the recipient's row is leased by one of them
    const sent = await Promise.all([drain(DAY_STARTS), drain(DAY_STARTS)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    const [email, ...again] = inbox(recipientAddress());
    expect(again).toEqual([]);
    expect(email!.locale).toBe("da"); // the studio's language
    expect(email!.subject).toBe("Anna Ærø har givet dig et gavekort til Solsikke Yoga");
    expect(email!.text).toContain("Hej Maja");
    expect(email!.text).toContain("Anna Ærø har givet dig et gavekort på 500,00 kr. til Solsikke Yoga.");
    expect(email!.text).toContain("Anna Ærø skriver:");
    expect(email!.text).toContain("Tillykke med dagen!");
    expect(email!.text).toContain(`Kode: ${grouped}`);
    expect(email!.text).toContain("Gyldigt til og med 20. december 2029");
    expect(email!.text).not.toContain("måneder fra købet"); // 36 months: nothing to state
    expect(email!.text).toContain("køb et klippekort eller et hold, og skriv koden, når du betaler");
    expect(email!.text).toContain(link);
    expect(email!.attachments?.[0]?.filename).toBe(`gavekort-${card.codeLast4}.pdf`);

    const pdf = await pdfOf(email!);
    for (const words of ["Gavekort", "Solsikke Yoga", "500,00 kr.", "Til Maja", "Fra Anna Ærø", grouped])
      expect(pdf).toContain(words);
    expect(pdf).toContain("Gyldigt til og med 20. december 2029");
    expect(pdf.replace(/\s+/g, "")).toContain(link);
    const attachment = email!.attachments!.find((file) => file.contentType === "application/pdf")!;
    expect(await qrTextOfPdf(Buffer.from(attachment.content, "base64"))).toBe(link); // the QR fills the code in

    const delivered = await db.giftCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(delivered.codeSealed).toBeNull();
    expect(delivered.deliveredAt).toEqual(DAY_STARTS);
    expect(await db.giftCardEmail.count({ where: { giftCardId: card.id } })).toBe(0);

    expect(await drain(new Date("2026-12-24T12:00:00.000Z"))).toBe(0);
    expect(inbox(recipientAddress())).toHaveLength(1);
  });

  it("sends a card for today to both at once, the buyer's copy first", async () => {
    const { card } = await issueTestGiftCard(tenant, buyer, {
      at: BOUGHT,
      recipientEmail: recipientAddress(),
      deliverOn: "2026-12-20",
    });
    expect(await drain(BOUGHT)).toBe(1);
    expect(inbox(buyer.email)).toHaveLength(1);
    expect(inbox(recipientAddress())).toEqual([]);
    expect(await drain(BOUGHT)).toBe(1); // the runner drains again after a drain that did work
    expect(inbox(buyer.email)).toHaveLength(1);
    expect(inbox(recipientAddress())).toHaveLength(1);
    expect(inbox(recipientAddress())[0]!.text).not.toContain("skriver:"); // no message
    expect((await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).codeSealed).toBeNull();
  });

  it("states a validity shorter than 36 months, in words, in the email and on the card", async () => {
    await issueTestGiftCard(tenant, buyer, {
      at: BOUGHT,
      validityMonths: 12,
      giftCardDesign: "colour",
      recipientEmail: recipientAddress(),
      deliverOn: "2026-12-20",
    });
    await drain(BOUGHT);
    await drain(BOUGHT);
    const [email] = inbox(recipientAddress());
    expect(email!.text).toContain("Gyldigt til og med 20. december 2027");
    expect(email!.text).toContain("Kortet er gyldigt i 12 måneder fra købet.");
    const pdf = await pdfOf(email!);
    expect(pdf).toContain("Gyldigt i 12 måneder fra købet.");
    expect(pdf).toContain("Solsikke Yoga");
  });
});

describe("a gift card without a recipient address", () => {
  it("sends the buyer the card to pass on, in the buyer's language, and erases the code", async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    const { card, code } = await issueTestGiftCard(tenant, buyer, { at: BOUGHT, deliverOn: "2026-12-24" });
    expect(await drain(BOUGHT)).toBe(1);
    const [email, ...more] = inbox(buyer.email);
    expect(more).toEqual([]);
    expect(email!.locale).toBe("en");
    expect(email!.subject).toBe("Your gift card for Maja from Solsikke Yoga");
    expect(email!.text).toContain(
      "Here is your gift card of 500,00 kr. for Maja to pass on: print the attached card or forward this email.",
    );
    expect(email!.text).toContain(`Code: ${groupGiftCardCode(code)}`);
    expect(email!.text).toContain("Valid until and including 20 December 2029");
    expect(email!.attachments?.[0]?.filename).toBe(`gift-card-${card.codeLast4}.pdf`);
    const pdf = await pdfOf(email!);
    expect(pdf).toContain(groupGiftCardCode(code));
    expect(pdf).toContain("Gift card");
    const delivered = await db.giftCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(delivered.codeSealed).toBeNull();
    expect(delivered.deliveredAt).toEqual(BOUGHT);
    expect(await drain(DAY_STARTS)).toBe(0);
  });

  it("sends nothing for a card voided before its email went", async () => {
    const { card } = await issueTestGiftCard(tenant, buyer, { at: BOUGHT, deliverOn: "2026-12-24" });
    await db.giftCard.update({ where: { id: card.id }, data: { status: "void" } });
    expect(await drain(BOUGHT)).toBe(0);
    expect(inbox(buyer.email)).toEqual([]);
    expect(await db.giftCardEmail.count({ where: { giftCardId: card.id } })).toBe(0);
    expect((await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).codeSealed).toBeNull();
  });

  it("erases the code of a walk-in's card that has no address to go to (its code was shown at the desk)", async () => {
    const walkIn = await createMember(tenant.accountId, "attendee", { email: noEmailAddress(), displayName: "Gæst" });
    const { card } = await issueTestGiftCard(tenant, walkIn, { at: BOUGHT, deliverOn: "2026-12-20" });
    expect(await drain(BOUGHT)).toBe(0);
    const after = await db.giftCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(after.codeSealed).toBeNull();
    expect(after.deliveredAt).toBeNull();
  });
});

describe("the jobs runner", () => {
  it("is told at the issue's commit to drain the gift card emails, and its run sends them", async () => {
    const told: string[][] = [];
    const stop = onOutboxWrites((kinds) => told.push(kinds));
    try {
      await issueTestGiftCard(tenant, buyer, {
        at: new Date(),
        recipientEmail: recipientAddress(),
        deliverOn: "2000-01-01", // a day gone by, whenever this runs: due at once
      });
    } finally {
      stop();
    }
    expect(told).toContainEqual(["gift card emails"]);
    await runJobsOnce("gift card emails");
    await runJobsOnce("gift card emails"); // the recipient's after the buyer's copy, as a run that did work runs again
    expect(inbox(buyer.email)).toHaveLength(1);
    expect(inbox(recipientAddress())).toHaveLength(1);
  });
});

describe("a gift card bought through POST /checkout", () => {
  it("sends the buyer's copy when it is paid and the recipient's card on the day chosen, not before", async () => {
    const gift = await product(tenant, {
      type: "gift_card",
      name: "Gavekort",
      prices: [{ amount: 50000, currency: "DKK" }],
    });
    // two days ahead in the studio's zone: a later day whenever this runs, even across a midnight
    const deliverOn = studioDate(shiftByStudioDays(new Date(), 2, "Europe/Copenhagen"), "Europe/Copenhagen");
    const dayStarts = startOfStudioDate(deliverOn, "Europe/Copenhagen")!;
    const bought = await api("POST", "/checkout", {
      token: buyer.token,
      body: {
        productId: gift.id,
        priceId: gift.prices[0]!.id,
        giftCard: { recipientName: "Maja", recipientEmail: recipientAddress(), message: "Glædelig jul!", deliverOn },
      },
    });
    expect(bought.status, bought.text).toBe(201);
    const { code } = bought.body.giftCard as { code: string };

    await drain(new Date(dayStarts.getTime() - 1));
    expect(inbox(buyer.email).filter((email) => email.subject.startsWith("Dit gavekort"))).toHaveLength(1);
    expect(inbox(recipientAddress())).toEqual([]);

    await drain(dayStarts);
    const [email, ...more] = inbox(recipientAddress());
    expect(more).toEqual([]);
    expect(email!.text).toContain(`Kode: ${code}`);
    expect(email!.text).toContain("Glædelig jul!");
    expect(await pdfOf(email!)).toContain(code);
  });
});
