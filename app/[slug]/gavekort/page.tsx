import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { StudioHeader } from "@/components/schedule/studio-header";
import { acceptTermsLabel } from "@/components/terms/accept-terms-label";
import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { formatMoney, minorUnitDigits } from "@/lib/format/money";
import { groupGiftCardCode, normaliseGiftCardCode } from "@/lib/gift-cards/gift-card-code";
import { pageLanguage } from "@/lib/i18n/page-language";
import { listAcceptedPaymentMethods } from "@/lib/payments/list-accepted-payment-methods";
import { shiftByStudioMonths } from "@/lib/studio-time/day";
import { studioDate } from "@/lib/studio-time/studio-date";
import { studioMember } from "@/lib/web/studio-member";
import { withdrawalWords } from "@/lib/withdrawals/withdrawal-words";
import { signOutAction } from "../actions";
import { getPublicStudio, orNotFound, signInHref } from "../studio";
import { giftCardPath } from "../studio-paths";
import { buyGiftCardAction } from "./actions";
import { GiftCardBuyForm, type GiftCardChoice } from "./gift-card-buy-form";
import { giftCardTexts } from "./gift-card-texts";

export const dynamic = "force-dynamic";

export type GiftCardPageProps = {
  params: Promise<{ slug: string }>;
  /** `product`: the card chosen on the passes page; `kode`: a card's code (its PDF's QR link), shown in the hint. */
  searchParams: Promise<{ product?: string | string[]; kode?: string | string[]; checkout?: string | string[] }>;
};

export async function generateMetadata({ params }: GiftCardPageProps): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("GiftCardPages")]);
  return { title: t("metaTitle", { studio: account.name }) };
}

/**
 * Buy a gift card (`/<slug>/gavekort`, `/<slug>/gift-cards`; issue 47 §1): choose the card and its
 * amount (a fixed one or within its range), whom it is for, a message and the day it is sent, then
 * pay as on the order summary. `?kode=` (the QR link of a card's PDF) shows that code in a hint;
 * `?checkout=` is the outcome of a hosted payment, back from the provider.
 */
export default async function GiftCardPage({ params, searchParams }: GiftCardPageProps) {
  const [{ slug }, query, t, tPasses, { validityText, customAmountText }] = await Promise.all([
    params,
    searchParams,
    getTranslations("GiftCardPages"),
    getTranslations("Passes"),
    giftCardTexts(),
  ]);
  const [account, viewer] = await orNotFound(Promise.all([getPublicStudio(slug), studioMember(slug)]));
  const [onSale, methods, { rightText }] = await Promise.all([
    listPublicProducts({ slug, viewerId: viewer?.userId ?? null }),
    listAcceptedPaymentMethods({ accountId: account.id, currency: account.currency }),
    withdrawalWords(),
  ]);
  const money = (amount: number) => formatMoney(amount, account.currency, account.locale);
  const choices: GiftCardChoice[] = onSale
    .filter((product) => product.type === "gift_card")
    .map((product) => ({
      id: product.id,
      name: product.name,
      design: product.giftCardDesign === "colour" ? "colour" : "logo",
      validity: validityText(product),
      right: rightText(product),
      prices: product.prices.map((price) => ({ id: price.id, amount: price.amount, label: money(price.amount) })),
      custom:
        product.customAmountMin !== null && product.customAmountMax !== null
          ? {
              min: product.customAmountMin,
              max: product.customAmountMax,
              text: customAmountText(product, account.currency, account.locale) ?? "",
            }
          : null,
    }));
  const asked = typeof query.product === "string" ? query.product : undefined;
  const typedCode = typeof query.kode === "string" ? normaliseGiftCardCode(query.kode) : null;
  const now = new Date();
  const today = studioDate(now, account.timezone);
  const pagePath = giftCardPath(account.slug, await pageLanguage());
  return (
    <>
      <StudioHeader
        studio={account}
        current="passes"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug, pagePath)}
      />
      <main className="mx-auto max-w-xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        <p className="mt-2 text-slate-700">{t("intro", { studio: account.name })}</p>
        {query.checkout === "success" && (
          <p role="status" className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4 text-slate-900">
            {t("paidHosted")}
          </p>
        )}
        {query.checkout === "cancelled" && (
          <p role="status" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-slate-900">
            {t("cancelledHosted")}
          </p>
        )}
        {typedCode && (
          <aside
            aria-labelledby="have-a-card"
            className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4"
            data-testid="gift-card-code-hint"
          >
            <h2 id="have-a-card" className="font-semibold text-brand-900">
              {t("haveACard")}
            </h2>
            <p className="mt-1 text-slate-800">
              {t.rich("yourCode", {
                code: groupGiftCardCode(typedCode),
                strong: (chunks) => <strong className="font-mono tracking-wider">{chunks}</strong>,
              })}
            </p>
            <p className="mt-1 text-sm text-slate-700">
              {t.rich("useYourCode", {
                link: (chunks) => (
                  <Link href={`/${account.slug}/passes`} className="font-medium text-brand-700 underline">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </aside>
        )}
        {choices.length === 0 ? (
          <p className="mt-6 text-slate-700">{t("noneOnSale")}</p>
        ) : (
          <GiftCardBuyForm
            studio={{ name: account.name, logoUrl: account.logoUrl, accentColor: account.accentColor }}
            choices={choices}
            chosen={choices.some((choice) => choice.id === asked) ? asked! : choices[0]!.id}
            currency={account.currency}
            locale={account.locale}
            digits={minorUnitDigits(account.currency)}
            today={today}
            lastDay={studioDate(shiftByStudioMonths(now, 12, account.timezone), account.timezone)}
            payWith={methods.includes("mobilepay") ? tPasses("payByCardOrMobilePay") : tPasses("payByCard")}
            terms={await acceptTermsLabel({ account })}
            signInHref={viewer ? undefined : signInHref(account.slug, pagePath)}
            buy={buyGiftCardAction.bind(null, account.slug)}
          />
        )}
      </main>
    </>
  );
}
