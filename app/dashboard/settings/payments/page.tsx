import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { getAccountPayments } from "@/lib/payments/get-account-payments";
import { methodAllowedFor, MOBILEPAY_CURRENCIES } from "@/lib/payments/payment-methods";
import { refreshStripeAccount } from "@/lib/payments/stripe/refresh-account";
import type { StripeAccountStatus } from "@/lib/payments/stripe/account-status";
import { getAccountSettings } from "@/lib/account/get-account-settings";
import { getMe } from "@/lib/users/get-me";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { takesPaymentAtDesk } from "@/lib/payments/desk/set-desk-payment";
import {
  connectMobilepayAction,
  setMobilepayGraceDaysAction,
  connectStripeAction,
  disconnectMobilepayAction,
  setDeskPaymentAction,
  updatePaymentMethodsAction,
} from "./actions";
import type { AccountPaymentsDto } from "@/lib/schemas/account-payments";
import { VatDetailsForm } from "./vat-details-form";
import { MOBILEPAY_MEMBERSHIPS_ON_SALE } from "@/lib/payments/mobilepay/on-sale";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PaymentsSettings");
  return { title: t("title") };
}

type Props = { searchParams: Promise<{ stripe?: string }> };

/**
 * Settings › Payments: the studio's own Stripe account (connect, its status in plain words), the
 * payment methods offered, the platform's fee and the VAT details its receipts print. With the demo provider: an explanation instead of
 * the Stripe account. Stripe's onboarding returns here (`?stripe=return`, or `refresh` when its link
 * expired); on return the status is asked of Stripe at once.
 */
export default async function PaymentsSettingsPage({ searchParams }: Props) {
  const [viewer, t, tv, params] = await Promise.all([
    requireAdministrator(),
    getTranslations("PaymentsSettings"),
    getTranslations("VatDetails"),
    searchParams,
  ]);
  if (params.stripe === "return") await refreshStripeAccount({ db: viewer.db });
  const [{ account }, payments, { legal }, atDesk] = await Promise.all([
    getMe(viewer),
    getAccountPayments({ db: viewer.db }),
    getAccountSettings({ accountId: viewer.accountId }),
    takesPaymentAtDesk({ db: viewer.db }),
  ]);
  const mobilePayAllowed = methodAllowedFor("mobilepay", account.currency);
  return (
    <div className="space-y-10">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="payments-provider" title={t("stripeHeading")}>
        {payments.stripe ? (
          <StripeAccount
            status={payments.stripe.status}
            returned={params.stripe}
            payouts={payments.stripe.payoutsEnabled}
          />
        ) : (
          <p className="max-w-prose text-sm text-slate-700">{t("demoMode")}</p>
        )}
      </Section>
      {MOBILEPAY_MEMBERSHIPS_ON_SALE ? (
        <Section id="mobilepay" title={t("mobilepayHeading")}>
          <MobilepaySalesUnit mobilepay={payments.mobilepay} />
        </Section>
      ) : null}
      <Section id="desk-payment" title={t("deskHeading")}>
        <div className="max-w-xl">
          <ActionForm
            action={setDeskPaymentAction}
            fields={[
              {
                kind: "checkbox",
                name: "takesPaymentAtDesk",
                label: t("desk"),
                defaultChecked: atDesk,
                hint: t("deskHint"),
              },
            ]}
            submitLabel={t("saveDesk")}
          />
        </div>
      </Section>
      <Section id="payment-methods" title={t("methodsHeading")}>
        <div className="max-w-xl">
          <ActionForm
            action={updatePaymentMethodsAction}
            fields={[
              {
                kind: "checkbox",
                name: "card",
                label: t("card"),
                defaultChecked: true,
                disabled: true,
                hint: t("cardHint"),
              },
              {
                kind: "checkbox",
                name: "mobilepay",
                label: t("mobilepay"),
                defaultChecked: payments.paymentMethods.includes("mobilepay"),
                disabled: !mobilePayAllowed,
                hint: mobilePayAllowed
                  ? t("mobilepayHint")
                  : t("mobilepayUnavailable", {
                      currency: account.currency,
                      currencies: MOBILEPAY_CURRENCIES.join(", "),
                    }),
              },
            ]}
            submitLabel={t("saveMethods")}
          />
        </div>
      </Section>
      <Section id="platform-fee" title={t("feeHeading")}>
        <p className="max-w-prose text-sm text-slate-700">
          {payments.platformFeePercent > 0 ? t("fee", { percent: payments.platformFeePercent }) : t("noFee")}
        </p>
      </Section>
      <Section id="vat-details" title={tv("heading")}>
        <VatDetailsForm legal={legal} />
      </Section>
    </div>
  );
}

async function StripeAccount({
  status,
  returned,
  payouts,
}: {
  status: StripeAccountStatus;
  returned: string | undefined;
  payouts: boolean;
}) {
  const t = await getTranslations("PaymentsSettings");
  const explanations: Record<StripeAccountStatus, { label: string; text: string; button: string }> = {
    not_connected: { label: t("statusNotConnected"), text: t("explainNotConnected"), button: t("connect") },
    onboarding: { label: t("statusOnboarding"), text: t("explainOnboarding"), button: t("continueOnboarding") },
    active: { label: t("statusActive"), text: t("explainActive"), button: t("reviewOnStripe") },
    restricted: { label: t("statusRestricted"), text: t("explainRestricted"), button: t("fixOnStripe") },
  };
  const shown = explanations[status];
  return (
    <div className="max-w-prose space-y-3 text-sm text-slate-700">
      {returned === "refresh" ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-amber-900">
          {t("linkExpired")}
        </p>
      ) : null}
      <p>
        <span className="font-medium text-slate-900">{t("status")}: </span>
        <span data-testid="stripe-status">{shown.label}</span>
      </p>
      <p>{shown.text}</p>
      {status === "active" && !payouts ? <p>{t("payoutsPending")}</p> : null}
      <ActionForm action={connectStripeAction} submitLabel={shown.button} pendingLabel={t("opening")} />
    </div>
  );
}

/** The studio's own Vipps MobilePay sales unit: its status, and a form for its keys (never shown again once saved). */
async function MobilepaySalesUnit({ mobilepay }: { mobilepay: AccountPaymentsDto["mobilepay"] }) {
  const t = await getTranslations("PaymentsSettings");
  const labels = {
    not_connected: t("statusNotConnected"),
    connected: mobilepay.testMode ? t("mobilepayConnectedTest") : t("mobilepayConnectedProduction"),
    failing: t("mobilepayFailing"),
  };
  const connected = mobilepay.status !== "not_connected";
  return (
    <div className="max-w-xl space-y-4 text-sm text-slate-700">
      <p>
        <span className="font-medium text-slate-900">{t("status")}: </span>
        <span data-testid="mobilepay-status">{labels[mobilepay.status]}</span>
      </p>
      <p className="max-w-prose">{connected ? t("mobilepayExplainConnected") : t("mobilepayExplain")}</p>
      <ActionForm
        action={connectMobilepayAction}
        fields={[
          { kind: "text", name: "merchantSerialNumber", label: t("mobilepayMsn"), required: true, autoComplete: "off" },
          { kind: "text", name: "clientId", label: t("mobilepayClientId"), required: true, autoComplete: "off" },
          {
            kind: "password",
            name: "clientSecret",
            label: t("mobilepayClientSecret"),
            required: true,
            autoComplete: "new-password",
          },
          {
            kind: "password",
            name: "subscriptionKey",
            label: t("mobilepaySubscriptionKey"),
            required: true,
            autoComplete: "new-password",
          },
          {
            kind: "checkbox",
            name: "testMode",
            label: t("mobilepayTestMode"),
            defaultChecked: mobilepay.testMode,
            hint: t("mobilepayTestModeHint"),
          },
        ]}
        submitLabel={connected ? t("mobilepayReplace") : t("mobilepayConnect")}
      />
      {connected ? <ActionForm action={disconnectMobilepayAction} submitLabel={t("mobilepayDisconnect")} /> : null}
      <ActionForm
        action={setMobilepayGraceDaysAction}
        fields={[
          {
            kind: "number",
            name: "mobilepayGraceDays",
            label: t("mobilepayGraceDays"),
            defaultValue: mobilepay.graceDays,
            min: 0,
            max: 60,
            required: true,
            hint: t("mobilepayGraceDaysHint"),
          },
        ]}
        submitLabel={t("mobilepayGraceSave")}
      />
    </div>
  );
}
