"use server";

import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { readCheckbox } from "@/components/forms/form-data";
import { parseWith } from "@/lib/http/parse-input";
import { startStripeOnboarding } from "@/lib/payments/start-stripe-onboarding";
import { setDeskPayment } from "@/lib/payments/set-desk-payment";
import { updatePaymentMethods } from "@/lib/payments/update-payment-methods";
import { UpdateAccountPaymentsInput } from "@/lib/schemas/account-payments";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";

/** Connect (or continue connecting) the studio's Stripe account: off to Stripe's onboarding page. */
export async function connectStripeAction(): Promise<FormState> {
  const viewer = await requireAdministrator();
  let url = "";
  const state = await runAction(
    async () => {
      ({ url } = await startStripeOnboarding({ db: viewer.db, accountId: viewer.accountId }));
    },
    { revalidate: "/dashboard/settings/payments" },
  );
  if (!state.ok) return state;
  redirect(url);
}

/** The methods offered in Stripe Checkout: card always, MobilePay when ticked. */
export async function updatePaymentMethodsAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const input = parseWith(UpdateAccountPaymentsInput, {
        paymentMethods: ["card", ...(readCheckbox(formData, "mobilepay") ? ["mobilepay"] : [])],
      });
      await updatePaymentMethods({ db: viewer.db, accountId: viewer.accountId, input });
      const t = await getTranslations("PaymentsSettings");
      return t("methodsSaved");
    },
    { revalidate: "/dashboard/settings/payments" },
  );
}

/** Whether the studio takes payment at the desk (a checkbox; the setup checklist counts it as payments set up). */
export async function setDeskPaymentAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const chosen = readCheckbox(formData, "takesPaymentAtDesk");
      await setDeskPayment({ db: viewer.db, accountId: viewer.accountId, takesPaymentAtDesk: chosen });
      const t = await getTranslations("PaymentsSettings");
      return chosen ? t("deskChosen") : t("deskNotChosen");
    },
    { revalidate: ["/dashboard/settings/payments", "/dashboard"] },
  );
}
