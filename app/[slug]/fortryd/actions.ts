"use server";

import { getTranslations } from "next-intl/server";
import { readRaw, readText } from "@/components/forms/form-data";
import { AppError } from "@/lib/errors";
import { withdrawalAskedFrom, type WithdrawStep } from "@/lib/withdrawals/withdrawal-asked";
import { describeWithdrawal, describeWithdrawalPreview } from "@/lib/withdrawals/describe-withdrawal";
import { previewWithdrawal, withdrawOrder } from "@/lib/withdrawals/withdraw-order";
import { pageFormat, pageLanguage } from "@/lib/i18n/page-language";
import { ActionRefusal, studioAction } from "@/lib/web/action";
import { publicStudio } from "@/lib/web/studio-member";
import { studioSite } from "../studio-paths";

/**
 * The withdrawal function (FAL §18, issue 46 §2) in two steps: `step=preview` answers what withdrawing
 * would do (nothing written), `step=confirm` withdraws. A signed-in member names one of their orders
 * (`orderId`); anyone else their name, email and receipt number, rate-limited as POST /withdrawals is.
 */
export const withdrawAction = studioAction({ auth: "visitor", ...studioSite }, async ({ viewer, slug, formData }) => {
  const step: WithdrawStep = readText(formData, "step") === "confirm" ? "confirm" : "preview";
  const [account, locale] = await Promise.all([publicStudio(slug), pageLanguage()]);
  const { db, asked, email } = await withdrawalAskedFrom({
    account,
    viewer,
    sent: {
      orderId: readText(formData, "orderId"),
      name: readRaw(formData, "name"),
      email: readRaw(formData, "email"),
      receiptNumber: readRaw(formData, "receiptNumber"),
    },
  });
  const where = await pageFormat(account);
  const now = new Date();
  const unknown = notFoundInWords(asked.by);
  if (step === "preview") {
    const preview = await previewWithdrawal(db, asked, { now, locale }).catch(unknown);
    return { step: "confirm" as const, preview: await describeWithdrawalPreview(db, preview, where) };
  }
  const withdrawal = await withdrawOrder(db, asked, { now, locale }).catch(unknown);
  return { step: "done" as const, done: await describeWithdrawal(db, withdrawal, { ...where, email }) };
});

/** "Not found" as this page says it: what to check, the receipt number and email or the member's choice. */
function notFoundInWords(by: "member" | "buyer") {
  return async (error: unknown): Promise<never> => {
    if (!(error instanceof AppError) || error.code !== "not_found") throw error;
    const t = await getTranslations("WithdrawalPages");
    throw new ActionRefusal("not_found", { error: by === "buyer" ? t("purchaseNotFound") : t("orderNotFound") });
  };
}
