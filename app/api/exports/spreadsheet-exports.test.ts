// Issue 45 §5: "CSV til Excel" is for a person: headers in the page's language, codes as words,
// times on the studio's clock, amounts in kroner with the page's decimal mark. Without `language`
// the file is the machine-readable one, unchanged.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { parseCsv } from "@/tests/helpers/csv";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;

const csvOf = async (path: string) => {
  const response = await api("GET", path, { token: tenant.admin.token });
  expect(response.status).toBe(200);
  return parseCsv(response.text.replace(/^\uFEFF/, ""), ";");
};

beforeAll(async () => {
  tenant = await createTenant();
  const ida = await createMember(tenant.accountId, "attendee", { displayName: "Ida Ørum", email: "ida.sheet@example.com" });
  await db.user.update({ where: { id: ida.userId }, data: { phone: "+45 20 12 34 56", dateOfBirth: new Date("1990-05-17") } });
  await db.membership.update({
    where: { accountId_userId: { accountId: tenant.accountId, userId: ida.userId } },
    data: { notes: "Ringer før hun kommer" },
  });
  const product = await db.product.create({
    data: {
      accountId: tenant.accountId,
      type: "class_pass",
      name: "10-klippekort",
      classAllowance: 10,
      prices: { create: { accountId: tenant.accountId, amount: 125050, currency: "DKK", position: 0 } },
    },
    include: { prices: true },
  });
  // half past midnight on 1 December in Copenhagen is still 30 November in UTC
  await db.order.create({
    data: {
      accountId: tenant.accountId,
      userId: ida.userId,
      productId: product.id,
      priceId: product.prices[0]!.id,
      amount: 125050,
      currency: "DKK",
      status: "paid",
      provider: "desk",
      vatRateBasisPoints: 2500,
      vatAmount: 25010,
      createdAt: new Date("2026-11-30T23:30:00Z"),
      paidAt: new Date("2026-11-30T23:31:00Z"),
    },
  });
});

describe("the exports for Excel", () => {
  it("people.csv with language=da: Danish headers and words, the phone and notes, no ids", async () => {
    const [header, ...rows] = await csvOf("/exports/people.csv?delimiter=semicolon&language=da");
    expect(header).toEqual(["Navn", "E-mail", "Telefon", "Rolle", "Status", "Fødselsdato", "Noter"]);
    expect(rows).toContainEqual([
      "Ida Ørum",
      "ida.sheet@example.com",
      "'+45 20 12 34 56", // guarded as a formula would be, as every export's cells are
      "Deltager",
      "Aktiv",
      "1990-05-17",
      "Ringer før hun kommer",
    ]);
    const [english] = await csvOf("/exports/people.csv?delimiter=semicolon&language=en");
    expect(english).toEqual(["Name", "Email", "Phone", "Role", "Status", "Date of birth", "Notes"]);
  });

  it("orders.csv with language=da: the studio's clock, kroner with a decimal comma, Danish words", async () => {
    const [header, ...rows] = await csvOf("/exports/orders.csv?delimiter=semicolon&language=da");
    expect(header).toEqual([
      "Oprettet",
      "Betalt",
      "Status",
      "Betaling",
      "Køber",
      "Købers e-mail",
      "Produkt",
      "Beløb",
      "Valuta",
      "Momssats (%)",
      "Heraf moms",
    ]);
    expect(rows).toEqual([
      [
        "2026-12-01 00:30",
        "2026-12-01 00:31",
        "Betalt",
        "Skranke",
        "Ida Ørum",
        "ida.sheet@example.com",
        "10-klippekort",
        "1250,50",
        "DKK",
        "25",
        "250,10",
      ],
    ]);
    const [, english] = await csvOf("/exports/orders.csv?delimiter=semicolon&language=en");
    // English words, the studio's region's decimal mark (a Danish studio: en-DK writes 1250,50 too)
    expect(english!.slice(2, 4)).toEqual(["Paid", "Desk"]);
    expect(english![7]).toMatch(/^1250[.,]50$/);
  });

  it("without language the files stay machine-readable: the API's names, UTC, minor units", async () => {
    const [header, row] = await csvOf("/exports/orders.csv?delimiter=semicolon");
    expect(header!.slice(0, 6)).toEqual(["id", "createdAt", "paidAt", "status", "provider", "amount"]);
    expect(row!.slice(1, 6)).toEqual(["2026-11-30T23:30:00.000Z", "2026-11-30T23:31:00.000Z", "paid", "desk", "125050"]);
    const [people] = await csvOf("/exports/people.csv?delimiter=semicolon");
    expect(people).toEqual(["id", "displayName", "email", "persona", "status", "dateOfBirth", "phone", "notes"]);
    const refused = await api("GET", "/exports/people.csv?language=de", { token: tenant.admin.token });
    expect(refused.status).toBe(400);
  });
});
