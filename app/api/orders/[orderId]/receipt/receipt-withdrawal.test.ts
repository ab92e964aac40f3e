// The payment email says what the buyer may do (issue 46 §4, FAL §8 and §18–22): an online purchase
// with the right carries the 14 days and their last day, what a withdrawal charges, the link to the
// withdrawal page and the standard withdrawal form, in the buyer's language; a dated one says why it
// has none; a desk sale says nothing of it.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";

type Product = { id: string; prices: { id: string }[] };

let tenant: TestTenant;
let buyer: TestMember;

async function product(body: Record<string, unknown>): Promise<Product> {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name: "Ti klip", status: "active", prices: [{ amount: 120000, currency: "DKK" }], ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as Product;
}

const PASS = { type: "class_pass", classAllowance: 10, validityDays: 180 };

async function buy(p: Product, startNow?: boolean): Promise<{ id: string; withdrawal: { until: string } | null }> {
  const response = await api("POST", "/checkout", {
    token: buyer.token,
    body: { productId: p.id, priceId: p.prices[0]!.id, ...(startNow === undefined ? {} : { startNow }) },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.order;
}

/** The last day of the period as a Danish reader reads it, in the studio's timezone: "18. dec. 2026". */
const danishLastDay = (until: string) =>
  new Intl.DateTimeFormat("da-DK", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Europe/Copenhagen",
  }).format(new Date(Date.parse(until) - 1));

beforeEach(async () => {
  tenant = await createTenant({ name: "Solsikke Yoga" });
  buyer = await createMember(tenant.accountId, "attendee");
});

describe("the payment email and the right of withdrawal", () => {
  it("a pass bought to start at once: the last day, pro rata, the link and the standard form, in Danish", async () => {
    const order = await buy(await product(PASS), true);
    const [email] = await waitForEmails(buyer.email);
    expect(email!.locale).toBe("da");
    const lastDay = danishLastDay(order.withdrawal!.until);
    expect(lastDay).toMatch(/^\d{1,2}\. [a-zæøå]+\.? \d{4}$/);
    expect(email!.text).toContain(`Du kan fortryde købet i 14 dage, til og med ${lastDay}.`);
    expect(email!.text).toContain("fortryder du, betaler du for det, du har brugt");
    expect(email!.text).toContain(`Fortryd aftalen her: http://localhost:3000/${tenant.slug}/fortryd`);
    expect(email!.html).toContain(`href="http://localhost:3000/${tenant.slug}/fortryd"`);
    expect(email!.text).toContain("Standardfortrydelsesformular (udfyld og returner kun denne formular");
    expect(email!.text).toContain("– Til Solsikke Yoga:");
    expect(email!.text).toContain(
      "– Forbrugerens/forbrugernes underskrift (kun hvis formularens indhold meddeles på papir)",
    );
    expect(email!.text).toContain("(*) Det ikke relevante udstreges.");
  });

  it("a pass bought without asking to start at once: the whole price back, in English to an English reader", async () => {
    await db.user.update({ where: { id: buyer.userId }, data: { locale: "en" } });
    await buy(await product(PASS));
    const [email] = await waitForEmails(buyer.email);
    expect(email!.locale).toBe("en");
    expect(email!.text).toContain("You may withdraw from this purchase within 14 days, until the end of");
    expect(email!.text).toContain("If you withdraw, you get the whole price back.");
    expect(email!.text).toContain(`Withdraw from contract here: http://localhost:3000/${tenant.slug}/fortryd`);
    expect(email!.text).toContain("Model withdrawal form (complete and return this form only if you wish to withdraw");
  });

  it("a drop-in says why it has none, and links no withdrawal", async () => {
    await buy(await product({ type: "drop_in", name: "Drop-in" }));
    const [email] = await waitForEmails(buyer.email);
    expect(email!.text).toContain("Købet har ingen fortrydelsesret: det er en enkelt time på en fast dato");
    expect(email!.text).not.toContain("/fortryd");
    expect(email!.text).not.toContain("Standardfortrydelsesformular");
  });

  it("a desk sale says nothing of it", async () => {
    const pass = await product(PASS);
    const grant = await api("POST", `/users/${buyer.userId}/entitlements`, {
      token: tenant.admin.token,
      body: { productId: pass.id },
    });
    expect(grant.status, grant.text).toBe(201);
    const [email] = await waitForEmails(buyer.email);
    expect(email!.text.toLowerCase()).not.toContain("fortryd");
  });
});
