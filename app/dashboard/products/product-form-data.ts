import { readAll, readCheckbox, readInteger, readRaw, readText } from "@/components/forms/form-data";
import { fromDateTimeLocal } from "@/lib/studio-time/wall-clock";
import { ruleDetail } from "@/lib/error-details";
import type { ErrorDetail } from "@/lib/errors";
import { toMinorUnits } from "./money";

/**
 * The product form's fields as the body of POST /products or PATCH /products/{id}. Price rows are
 * named `prices.<n>.<field>` with n = 0, 1, … in list order, so schema errors (paths like
 * `prices.1.amount`) land under the right input. Amounts are typed in major units; one that is not
 * an amount is reported here, since the schema only sees numbers.
 */
export function readProductForm(
  formData: FormData,
  options: { mode: "create" | "update"; fallbackCurrency: string; language: string; timezone: string },
): { body: Record<string, unknown>; issues: ErrorDetail[] } {
  const issues: ErrorDetail[] = [];
  const prices = priceRowIndexes(formData).map((index, position) => {
    const field = (name: string) => `prices.${index}.${name}`;
    const currency = readText(formData, field("currency"))?.toUpperCase() ?? options.fallbackCurrency;
    const amountText = readText(formData, field("amount")) ?? "";
    const amount = toMinorUnits(amountText, currency, options.language, `prices.${position}.amount`);
    if (!amount.ok) issues.push(amount.refusal);
    const interval = readText(formData, field("interval"));
    const price: Record<string, unknown> = {
      amount: amount.ok ? amount.minor : 0,
      currency,
      interval,
      intervalCount: interval ? readInteger(formData, field("intervalCount")) : undefined,
      // Shown for course kinds only: absent = none, blank = paid at once.
      instalments: formData.has(field("instalments"))
        ? readInteger(formData, field("instalments"), { nullable: true })
        : undefined,
      minAge: readInteger(formData, field("minAge")),
      maxAge: readInteger(formData, field("maxAge")),
    };
    if (options.mode === "update") price.id = readText(formData, field("id"));
    return withoutUndefined(price);
  });

  const body: Record<string, unknown> = {
    type: readText(formData, "type"),
    name: readRaw(formData, "name"),
    description: readRaw(formData, "description"),
    status: readText(formData, "status"),
    prices,
    eligibleEventIds: readAll(formData, "eligibleEventIds"),
    newcomersOnly: readCheckbox(formData, "newcomersOnly"),
  };
  const vatRate = readText(formData, "vatRate");
  if (vatRate !== undefined) body.vatRate = vatRate === "0" ? 0 : vatRate === "25" ? 25 : vatRate;
  // Fields the form shows only for some types: absent = unchanged, blank = no value.
  for (const name of ["classAllowance", "validityDays", "purchaseLimitPerUser"]) {
    if (formData.has(name)) body[name] = readInteger(formData, name, { nullable: true });
  }
  // A gift card's fields, shown for gift cards only: absent = unchanged; the range unticked = none.
  if (formData.has("validityMonths")) body.validityMonths = readInteger(formData, "validityMonths", { nullable: true });
  if (formData.has("giftCardDesign")) body.giftCardDesign = readText(formData, "giftCardDesign");
  if (formData.has("validityMonths")) {
    if (!readCheckbox(formData, "customAmount")) body.customAmount = null;
    else {
      const currency = (prices[0]?.currency as string | undefined) ?? options.fallbackCurrency;
      const bound = (name: "min" | "max") => {
        const field = `customAmount${name === "min" ? "Min" : "Max"}`;
        const amount = toMinorUnits(
          readText(formData, field) ?? "",
          currency,
          options.language,
          `customAmount.${name}`,
        );
        if (!amount.ok) issues.push(amount.refusal);
        return amount.ok ? amount.minor : 0;
      };
      body.customAmount = { min: bound("min"), max: bound("max") };
    }
  }
  // A course's fields, shown for the kinds that can be one: absent = unchanged, blank = none.
  if (formData.has("courseEventId")) body.courseEventId = readText(formData, "courseEventId") ?? null;
  if (formData.has("enrolUntil")) {
    const local = readText(formData, "enrolUntil");
    const enrolUntil = local ? fromDateTimeLocal(local, options.timezone) : null;
    if (enrolUntil === undefined) issues.push(ruleDetail("enrolUntil", "date_time_required"));
    else body.enrolUntil = enrolUntil?.toISOString() ?? null;
  }
  return { body: withoutUndefined(body), issues };
}

/** The row numbers present in the form, in order. */
function priceRowIndexes(formData: FormData): number[] {
  const indexes = new Set<number>();
  for (const key of formData.keys()) {
    const match = /^prices\.(\d+)\.amount$/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b);
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}
