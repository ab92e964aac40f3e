import { describe, expect, it } from "vitest";
import { CreateProductInput, UpdateProductInput } from "@/lib/schemas/product";
import { readProductForm } from "./product-form-data";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("readProductForm", () => {
  it("reads a class pass with two prices into a valid POST /products body", () => {
    const { body, issues } = readProductForm(
      form([
        ["type", "class_pass"],
        ["name", " 10-class pass "],
        ["description", ""],
        ["status", "active"],
        ["classAllowance", "10"],
        ["validityDays", "90"],
        ["purchaseLimitPerUser", ""],
        ["prices.0.amount", "1200"],
        ["prices.0.currency", "dkk"],
        ["prices.0.minAge", ""],
        ["prices.0.maxAge", ""],
        ["prices.1.amount", "950.50"],
        ["prices.1.currency", "DKK"],
        ["prices.1.minAge", "65"],
        ["prices.1.maxAge", ""],
        ["eligibleEventIds", "event-1"],
        ["eligibleEventIds", "event-2"],
      ]),
      { mode: "create", fallbackCurrency: "DKK", language: "en", timezone: "Europe/Copenhagen" },
    );
    expect(issues).toEqual([]);
    expect(body).toEqual({
      type: "class_pass",
      name: " 10-class pass ",
      description: "",
      status: "active",
      classAllowance: 10,
      validityDays: 90,
      purchaseLimitPerUser: null,
      eligibleEventIds: ["event-1", "event-2"],
      newcomersOnly: false,
      prices: [
        { amount: 120000, currency: "DKK" },
        { amount: 95050, currency: "DKK", minAge: 65 },
      ],
    });
    expect(CreateProductInput.safeParse(body).success).toBe(true);
  });

  it("reports an amount that is not one at the position the schema would use", () => {
    const { issues } = readProductForm(
      form([
        ["type", "drop_in"],
        ["prices.0.amount", "100"],
        ["prices.3.amount", "ten"],
      ]),
      { mode: "create", fallbackCurrency: "EUR", language: "en", timezone: "Europe/Copenhagen" },
    );
    expect(issues).toEqual([
      { path: "prices.1.amount", code: "amount_invalid", message: "Enter an amount such as 120, 120.50 or 1,250" },
    ]);
  });

  it("keeps price ids and the interval of subscription prices on an edit", () => {
    const { body } = readProductForm(
      form([
        ["type", "subscription"],
        ["name", "Monthly"],
        ["prices.0.id", "price-1"],
        ["prices.0.amount", "499"],
        ["prices.0.interval", "month"],
        ["prices.0.intervalCount", "1"],
        ["prices.1.amount", "4990"],
        ["prices.1.interval", "year"],
        ["prices.1.intervalCount", ""],
      ]),
      { mode: "update", fallbackCurrency: "DKK", language: "en", timezone: "Europe/Copenhagen" },
    );
    expect(body.prices).toEqual([
      { id: "price-1", amount: 49900, currency: "DKK", interval: "month", intervalCount: 1 },
      { amount: 499000, currency: "DKK", interval: "year" },
    ]);
    expect(body).not.toHaveProperty("classAllowance"); // not shown for subscriptions: unchanged
    expect(UpdateProductInput.safeParse(body).success).toBe(true);
  });

  it("reads the intro offer's box: ticked is newcomersOnly, unticked is not", () => {
    const read = (entries: [string, string][]) =>
      readProductForm(form([["type", "class_pass"], ["prices.0.amount", "199"], ...entries]), {
        mode: "update",
        fallbackCurrency: "DKK",
        language: "da",
        timezone: "Europe/Copenhagen",
      }).body;
    expect(read([["newcomersOnly", "on"]]).newcomersOnly).toBe(true);
    expect(read([]).newcomersOnly).toBe(false);
  });

  it("reads the VAT choice: 0 is exempt teaching, 25 the studio's rate, absent unchanged", () => {
    const read = (entries: [string, string][]) =>
      readProductForm(form([["type", "class_pass"], ["prices.0.amount", "199"], ...entries]), {
        mode: "update",
        fallbackCurrency: "DKK",
        language: "da",
        timezone: "Europe/Copenhagen",
      }).body;
    expect(read([["vatRate", "0"]]).vatRate).toBe(0);
    expect(read([["vatRate", "25"]]).vatRate).toBe(25);
    expect(read([]).vatRate).toBeUndefined();
  });

  it("passes non-numbers on so the schema rejects them at their field", () => {
    const { body } = readProductForm(
      form([
        ["type", "class_pass"],
        ["classAllowance", "many"],
        ["prices.0.amount", "1"],
      ]),
      {
        mode: "create",
        fallbackCurrency: "DKK",
        language: "en",
        timezone: "Europe/Copenhagen",
      },
    );
    const result = CreateProductInput.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("classAllowance");
  });

  it("reads a course's event and when enrolment closes, in the studio's time; blank is none, a bad time is refused", () => {
    const options = { mode: "update", fallbackCurrency: "DKK", language: "da", timezone: "Europe/Copenhagen" } as const;
    const { body, issues } = readProductForm(
      form([
        ["type", "workshop"],
        ["courseEventId", "event-1"],
        ["enrolUntil", "2027-01-12T18:00"],
        ["prices.0.amount", "900"],
      ]),
      options,
    );
    expect(issues).toEqual([]);
    expect(body).toMatchObject({ courseEventId: "event-1", enrolUntil: "2027-01-12T17:00:00.000Z" });
    expect(UpdateProductInput.safeParse(body).success).toBe(true);

    const none = readProductForm(
      form([
        ["type", "workshop"],
        ["courseEventId", ""],
        ["enrolUntil", ""],
        ["prices.0.amount", "900"],
      ]),
      options,
    );
    expect(none.body).toMatchObject({ courseEventId: null, enrolUntil: null });

    const bad = readProductForm(
      form([
        ["type", "workshop"],
        ["enrolUntil", "2027-02-30T18:00"],
        ["prices.0.amount", "900"],
      ]),
      options,
    );
    expect(bad.issues.map((issue) => issue.path)).toEqual(["enrolUntil"]);
  });

  it("reads a course kind's instalments: a number, or blank for paid at once", () => {
    const { body } = readProductForm(
      form([
        ["type", "custom"],
        ["name", "Sæsonhold"],
        ["prices.0.amount", "900"],
        ["prices.0.currency", "DKK"],
        ["prices.0.instalments", "3"],
        ["prices.1.amount", "850"],
        ["prices.1.currency", "DKK"],
        ["prices.1.instalments", ""],
      ]),
      { mode: "update", fallbackCurrency: "DKK", language: "da", timezone: "Europe/Copenhagen" },
    );
    expect(body.prices).toEqual([
      { amount: 90000, currency: "DKK", instalments: 3 },
      { amount: 85000, currency: "DKK", instalments: null },
    ]);
    expect(UpdateProductInput.safeParse(body).success).toBe(true);
  });
});
