"use server";

import { getTranslations } from "next-intl/server";
import { defined, readInteger, readRaw, readText } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { pageLanguage } from "@/lib/i18n/page-language";
import { createPromoCode } from "@/lib/commerce/create-promo-code";
import { updatePromoCode } from "@/lib/commerce/update-promo-code";
import { startOfNextLocalDay, startOfStudioDate } from "@/lib/studio-time/day";
import { CreatePromoCodeInput, UpdatePromoCodeInput } from "@/lib/schemas/promo-code";
import { toMinorUnits } from "../products/money";
import { ruleDetail } from "@/lib/error-details";

// The same lib functions and body schemas as POST and PATCH /promo-codes.

const PATH = "/dashboard/promo-codes";

export const createPromoCodeAction = action(
  { auth: "administrator", revalidate: PATH },
  async ({ viewer, formData }) => {
    const studio = await getActiveStudio(viewer);
    const input = parseWith(CreatePromoCodeInput, {
      ...defined({
        code: readRaw(formData, "code"),
        productIds: readText(formData, "productId") ? [readText(formData, "productId")] : [],
        maxRedemptions: readInteger(formData, "maxRedemptions"),
        validUntil: await lastMomentOf(readText(formData, "validUntil"), studio.timezone),
        firstPurchaseOnly: formData.get("firstPurchaseOnly") === "on",
        status: "active",
      }),
      ...(await discountOf(formData, studio.currency)),
    });
    const created = await createPromoCode({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("PromoCodesActions");
    return t("created", { code: created.code });
  },
);

export const setPromoCodeStatusAction = action(
  {
    auth: "administrator",
    ids: ["promoCodeId"],
    input: { schema: UpdatePromoCodeInput, fields: { status: readText } },
    revalidate: PATH,
  },
  async ({ viewer, ids: { promoCodeId }, input }) => {
    await updatePromoCode({ db: viewer.db, accountId: viewer.accountId, promoCodeId, input });
    const t = await getTranslations("PromoCodesActions");
    return t("saved");
  },
);

/** A percentage ("20") or an amount in the studio's currency ("50" or "49,50"), as the kind chosen says. */
async function discountOf(formData: FormData, currency: string) {
  const value = readText(formData, "discount") ?? "";
  if (readText(formData, "kind") === "amount") {
    const minor = toMinorUnits(value, currency, await pageLanguage(), "discount");
    if (!minor.ok) throw new AppError("validation_failed", { details: [minor.refusal] });
    return { amountOff: minor.minor, currency };
  }
  const percent = readInteger(formData, "discount");
  if (typeof percent !== "number" || !Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new AppError("validation_failed", { details: [ruleDetail("discount", "percent_invalid")] });
  }
  return { percentOff: percent };
}

/** A "valid until" date: through that whole day in the studio's time zone (its last second). */
async function lastMomentOf(date: string | undefined, timezone: string): Promise<string | undefined> {
  if (!date) return undefined;
  if (!startOfStudioDate(date, timezone)) {
    throw new AppError("validation_failed", { details: [ruleDetail("validUntil", "date_required")] });
  }
  return new Date(startOfNextLocalDay(date, timezone).getTime() - 1000).toISOString();
}
