"use server";

import { getTranslations } from "next-intl/server";
import { readCheckbox, readInteger, readText } from "@/components/forms/form-data";
import { startStripeOnboarding } from "@/lib/payments/stripe/start-onboarding";
import { setDeskPayment } from "@/lib/payments/desk/set-desk-payment";
import { updatePaymentMethods } from "@/lib/payments/update-payment-methods";
import { MobilepaySalesUnitInput, UpdateAccountPaymentsInput } from "@/lib/schemas/account-payments";
import { action } from "@/lib/web/action";

const PATH = "/dashboard/settings/payments";

/** Connect (or continue connecting) the studio's Stripe account: off to Stripe's onboarding page. */
export const connectStripeAction = action({ auth: "administrator", revalidate: PATH }, async ({ viewer }) => {
  const { url } = await startStripeOnboarding({ db: viewer.db, accountId: viewer.accountId });
  return { redirectTo: url };
});

/** The methods offered in Stripe Checkout: card always, MobilePay when ticked. */
export const updatePaymentMethodsAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateAccountPaymentsInput,
      fields: (formData) => ({
        paymentMethods: ["card", ...(readCheckbox(formData, "mobilepay") ? ["mobilepay"] : [])],
      }),
    },
    revalidate: PATH,
  },
  async ({ viewer, input }) => {
    await updatePaymentMethods({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("PaymentsSettings");
    return t("methodsSaved");
  },
);

/** Connects the studio's own Vipps MobilePay sales unit (its keys sealed, never shown again). */
export const connectMobilepayAction = action(
  {
    auth: "administrator",
    input: {
      schema: MobilepaySalesUnitInput,
      fields: (formData) => ({
        merchantSerialNumber: readText(formData, "merchantSerialNumber"),
        clientId: readText(formData, "clientId"),
        clientSecret: readText(formData, "clientSecret"),
        subscriptionKey: readText(formData, "subscriptionKey"),
        testMode: readCheckbox(formData, "testMode"),
      }),
    },
    revalidate: PATH,
  },
  async ({ viewer, input }) => {
    await updatePaymentMethods({ db: viewer.db, accountId: viewer.accountId, input: { mobilepay: input } });
    const t = await getTranslations("PaymentsSettings");
    return t("mobilepayConnected");
  },
);

/** How long a member whose MobilePay renewal failed may still book (their membership past due). */
export const setMobilepayGraceDaysAction = action(
  {
    auth: "administrator",
    input: {
      schema: UpdateAccountPaymentsInput,
      fields: (formData) => ({ mobilepayGraceDays: readInteger(formData, "mobilepayGraceDays") }),
    },
    revalidate: PATH,
  },
  async ({ viewer, input }) => {
    await updatePaymentMethods({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("PaymentsSettings");
    return t("mobilepayGraceSaved");
  },
);

/** Forgets the studio's Vipps MobilePay sales unit and its keys. */
export const disconnectMobilepayAction = action({ auth: "administrator", revalidate: PATH }, async ({ viewer }) => {
  await updatePaymentMethods({ db: viewer.db, accountId: viewer.accountId, input: { mobilepay: null } });
  const t = await getTranslations("PaymentsSettings");
  return t("mobilepayDisconnected");
});

/** Whether the studio takes payment at the desk (a checkbox; the setup checklist counts it as payments set up). */
export const setDeskPaymentAction = action(
  { auth: "administrator", revalidate: [PATH, "/dashboard"] },
  async ({ viewer, formData }) => {
    const chosen = readCheckbox(formData, "takesPaymentAtDesk");
    await setDeskPayment({ db: viewer.db, accountId: viewer.accountId, takesPaymentAtDesk: chosen });
    const t = await getTranslations("PaymentsSettings");
    return chosen ? t("deskChosen") : t("deskNotChosen");
  },
);
