"use server";

import { readRaw, readText } from "@/components/forms/form-data";
import { withdrawalAskedFrom, type WithdrawStep } from "@/lib/withdrawals/withdrawal-asked";
import { describeWithdrawal, describeWithdrawalPreview } from "@/lib/withdrawals/describe-withdrawal";
import { previewWithdrawal, withdrawOrder } from "@/lib/withdrawals/withdraw-order";
import { pageFormat, pageLanguage } from "@/lib/i18n/page-language";
import { studioAction } from "@/lib/web/action";
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
  if (step === "preview") {
    const preview = await previewWithdrawal(db, asked, { now, locale });
    return { step: "confirm" as const, preview: await describeWithdrawalPreview(db, preview, where) };
  }
  const withdrawal = await withdrawOrder(db, asked, { now, locale });
  return { step: "done" as const, done: await describeWithdrawal(db, withdrawal, { ...where, email }) };
});
