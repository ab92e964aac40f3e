import type { Account } from "@prisma/client";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Notice } from "@/components/ui/notice";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { quoteCheckout, type CheckoutQuote } from "@/lib/commerce/quote-checkout";
import { AppError } from "@/lib/errors";
import { formatDate, formatDateTime } from "@/lib/format/dates";
import { getPublicCourseOrThrow, type PublicCourse } from "@/lib/commerce/get-public-course";
import { formatMoney } from "@/lib/format/money";
import { errorMessageIn } from "@/lib/i18n/error-messages";
import { pageFormat, pageLanguage } from "@/lib/i18n/page-language";
import { promoCodeRefusalIn } from "@/lib/i18n/promo-code-refusals";
import { listAcceptedPaymentMethods } from "@/lib/payments/list-accepted-payment-methods";
import { safeReturnTo } from "@/lib/web/return-to";
import { studioMember } from "@/lib/web/studio-member";
import { buyAction, signOutAction } from "../../actions";
import { offersMobilepayMemberships } from "@/lib/payments/mobilepay/offers-memberships";
import { getPublicStudio, orNotFound, signInHref } from "../../studio";
import { BuyButton } from "../buy-button";
import { BuyForChooser } from "../buy-for-chooser";
import { listDependants } from "@/lib/households/list-dependants";
import { householdFitOfPrice, type AgeLimit } from "@/lib/households/price-fit";
import { productTexts, summaryHref } from "../product-text";
import { withdrawalWords } from "@/lib/withdrawals/withdrawal-words";
import { acceptTermsLabel } from "@/components/terms/accept-terms-label";
import { PromoCodeForm } from "../promo-code";

export const dynamic = "force-dynamic";

type Query = {
  price?: string | string[];
  promo?: string | string[];
  returnTo?: string | string[];
  /** One of the member's children the pass is for (POST /checkout `forUserId`). */
  for?: string | string[];
};
type Props = { params: Promise<{ slug: string; productId: string }>; searchParams: Promise<Query> };

const one = (value: string | string[] | undefined): string => (typeof value === "string" ? value : "");

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("OrderSummary")]);
  return { title: t("metaTitle", { studio: account.name }) };
}

/** The course a product sells, as its public page shows it; null for a product that is not one on sale. */
async function courseOf(slug: string, productId: string): Promise<PublicCourse | null> {
  try {
    return await getPublicCourseOrThrow({ slug, productId });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}

/**
 * The quote of this purchase for the signed-in member, or the refusal POST /checkout would answer
 * (in the page's words; a price's age limit says whom it is for).
 */
async function quoteFor(
  viewer: PersonAuth,
  input: { productId: string; priceId: string; promoCode?: string; forUserId?: string },
  ageLimit: AgeLimit | null,
): Promise<{ quote: CheckoutQuote } | { refusal: string }> {
  try {
    return {
      quote: await quoteCheckout({ db: viewer.db, accountId: viewer.accountId, callerId: viewer.userId, input }),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    if (error instanceof AppError && error.code === "not_eligible_for_price" && ageLimit)
      return { refusal: (await productTexts()).ageLimitText(ageLimit) };
    if (!(error instanceof AppError)) throw error;
    const t = await getTranslations("OrderSummary");
    return { refusal: t("cannotBuy", { reason: errorMessageIn(await pageLanguage(), error.code) }) };
  }
}

/**
 * The order summary before any payment (`/[slug]/passes/[productId]?price=…`): the product, what it
 * gives (classes, valid until), the price, a promo code and its discount or why it is refused, the
 * total and the VAT it includes; then "Pay". The figures are POST /checkout/quote's, the same
 * computation the order is made with. `returnTo` (a class) is where paying brings the member back.
 */
export default async function OrderSummaryPage({ params, searchParams }: Props) {
  const [{ slug, productId }, query, t, tPasses, { typeText, intervalText }] = await Promise.all([
    params,
    searchParams,
    getTranslations("OrderSummary"),
    getTranslations("Passes"),
    productTexts(),
  ]);
  const tHousehold = await getTranslations("Household");
  const priceId = one(query.price);
  const promoCode = one(query.promo).trim().slice(0, 40);
  const returnTo = safeReturnTo(query.returnTo);
  const [account, viewer] = await Promise.all([getPublicStudio(slug), studioMember(slug)]);
  if (!priceId) notFound();

  const passesHref = `/${account.slug}/passes${returnTo ? `?${new URLSearchParams({ returnTo })}` : ""}`;
  // A course's summary goes back to the course's page (a product that is none answers 404 there).
  const isCourse = (await courseOf(account.slug, productId)) !== null;
  const backHref = isCourse ? `/${account.slug}/courses/${encodeURIComponent(productId)}` : passesHref;
  const header = (
    <StudioHeader
      studio={account}
      current="passes"
      signedIn={viewer !== undefined}
      signOut={signOutAction.bind(null, account.slug)}
      signInHref={signInHref(account.slug)}
    />
  );
  const back = (
    <Link
      href={backHref}
      className="-mx-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      <span aria-hidden="true">‹</span>
      {isCourse ? t("backToCourse") : t("backToPasses")}
    </Link>
  );

  if (!viewer)
    return <SignedOut account={account} productId={productId} priceId={priceId} header={header} back={back} />;

  // Unless the member said whom it is for, a price with an age limit is for the one of the household it fits.
  const fit = await householdFitOfPrice({
    db: viewer.db,
    accountId: viewer.accountId,
    userId: viewer.userId,
    priceId,
    now: new Date(),
  });
  const holder = one(query.for) || fit.fits || viewer.userId;
  const forUserId = holder === viewer.userId ? undefined : holder;
  const dependants = await listDependants({ db: viewer.db, guardianId: viewer.userId });
  const buyFor = dependants.length > 0 && (
    <BuyForChooser
      dependants={dependants}
      chosen={forUserId}
      // "Me" names the member, so that the summary chooses no child for them
      href={(id) =>
        summaryHref(account.slug, {
          productId,
          priceId,
          returnTo,
          promo: promoCode || undefined,
          forUserId: id ?? viewer.userId,
        })
      }
      legend={tHousehold("buyForLegend")}
      me={tHousehold("buyForMe")}
    />
  );
  const answer = await quoteFor(
    viewer,
    { productId, priceId, ...(promoCode ? { promoCode } : {}), ...(forUserId ? { forUserId } : {}) },
    fit.ageLimit,
  );
  if ("refusal" in answer)
    return (
      <>
        {header}
        <main className="mx-auto max-w-xl px-4 pb-16 pt-4">
          {back}
          <h1 className="mt-2 text-2xl font-semibold text-brand-900">{t("title")}</h1>
          {buyFor}
          <Notice tone="error" className="mt-4">
            {answer.refusal}
          </Notice>
        </main>
      </>
    );

  const { quote } = answer;
  const { product, price } = quote;
  const locale = await pageLanguage();
  const where = await pageFormat(account);
  const money = (amount: number) => formatMoney(amount, quote.currency, account.locale);
  const methods = await listAcceptedPaymentMethods({ accountId: account.id, currency: quote.currency });
  const mobilePay = methods.includes("mobilepay") && price.interval === null && price.instalments === null;
  // A membership through the studio's own Vipps MobilePay sales unit (a Recurring agreement).
  const mobilepayMembership =
    price.interval !== null && price.instalments === null && (await offersMobilepayMemberships(account.id));
  const subscription = product.type === "subscription";
  const parts = quote.instalments; // a price paid in instalments: "3 × 300 kr."
  const { remainingClasses, validUntil } = quote.grants;
  const course = product.courseEventId ? await courseOf(account.slug, product.id) : null;
  const gives = course
    ? [
        t("courseClasses", { count: course.course.classes }),
        ...(course.course.firstStartsAt
          ? [t("courseFirst", { date: formatDateTime(course.course.firstStartsAt, where) })]
          : []),
      ]
    : [
        remainingClasses === null ? t("unlimited") : t("classes", { count: remainingClasses }),
        validUntil === null
          ? t("noEnd")
          : subscription
            ? t("renews", { date: formatDate(validUntil, where) })
            : t("validUntil", { date: formatDate(validUntil, where) }),
      ];
  const promo = quote.promoCode;
  const outcome = promo
    ? promo.applied
      ? { applied: true, text: t("promoApplied", { code: promo.code }) }
      : { applied: false, text: promoCodeRefusalIn(locale, promo.reason) }
    : null;
  const summaryPath = `/${account.slug}/passes/${product.id}`;
  const { startNowText, rightText } = await withdrawalWords();

  return (
    <>
      {header}
      <main className="mx-auto max-w-xl px-4 pb-16 pt-4">
        {back}
        <h1 className="mt-2 text-2xl font-semibold text-brand-900">{t("title")}</h1>
        {buyFor}
        <section aria-labelledby="order-heading" className="mt-4 rounded-lg border border-slate-200 p-4 shadow-sm">
          <h2 id="order-heading" className="text-lg font-semibold text-slate-900">
            {product.name}
          </h2>
          <p className="text-sm text-slate-700">{typeText(product.type)}</p>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("gives")}</h3>
          <ul className="mt-1 list-inside list-disc text-slate-900">
            {gives.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-700">{rightText(product)}</p>
          <dl className="mt-4 space-y-2 border-t border-slate-100 pt-4 tabular-nums" data-testid="order-figures">
            <div className="flex justify-between gap-4">
              <dt>{t("price")}</dt>
              <dd>
                {parts
                  ? t("instalmentsPrice", { count: parts.count, amount: money(parts.amount) })
                  : `${money(quote.amount)}${intervalText(price.interval, price.intervalCount)}`}
              </dd>
            </div>
            {promo?.applied && (
              <div className="flex justify-between gap-4 text-emerald-800">
                <dt>{t("discount", { code: promo.code })}</dt>
                <dd>−{money(quote.discountAmount)}</dd>
              </div>
            )}
            <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-semibold">
              <dt>
                {parts ? t("firstInstalment", { count: parts.count }) : subscription ? t("totalNow") : t("total")}
              </dt>
              <dd>{money(quote.total)}</dd>
            </div>
            {quote.product.vatExempt ? (
              <div className="flex justify-between gap-4 text-sm text-slate-600">
                <dt>{t("vatExempt")}</dt>
                <dd>{money(0)}</dd>
              </div>
            ) : (
              quote.vatAmount !== null && (
                <div className="flex justify-between gap-4 text-sm text-slate-600">
                  <dt>{t("vatIncluded")}</dt>
                  <dd>{money(quote.vatAmount)}</dd>
                </div>
              )
            )}
          </dl>
          {parts && (
            <p className="mt-3 text-sm text-slate-700">
              {t("thenInstalments", { amount: money(parts.amount), remaining: parts.count - 1 })}
            </p>
          )}
          {subscription && (
            <p className="mt-3 text-sm text-slate-700">
              {t("thenEachPeriod", {
                // "599,00 kr. pr. måned": the period, not the amount, ends the sentence
                pricePerPeriod: `${money(quote.amount)}${intervalText(price.interval, price.intervalCount)}`,
              })}{" "}
              {t("cancelAnyTime")}
            </p>
          )}
        </section>

        <PromoCodeForm
          action={summaryPath}
          code={promoCode}
          hidden={{ price: price.id, ...(returnTo ? { returnTo } : {}), for: holder }}
          outcome={outcome}
        />

        <div className="mt-6">
          <BuyButton
            total={money(quote.total)}
            purchase={{
              productId: product.id,
              priceId: price.id,
              ...(promo?.applied ? { promoCode: promo.code } : {}),
              ...(returnTo ? { returnTo } : {}),
              ...(forUserId ? { forUserId } : {}),
            }}
            buy={buyAction.bind(null, account.slug)}
            mobilepay={mobilepayMembership}
            startNow={startNowText(product)}
            terms={await acceptTermsLabel({ account })}
          />
          <p className="mt-2 text-sm text-slate-600">
            {quote.total === 0 && !subscription && !parts
              ? t("nothingToPay")
              : mobilePay || mobilepayMembership
                ? tPasses("payByCardOrMobilePay")
                : tPasses("payByCard")}
            {returnTo && !course ? ` ${t("backToClassAfter")}` : ""}
          </p>
        </div>
      </main>
    </>
  );
}

/** Signed out: the product and its price, and a way to sign in before anything is bought. */
async function SignedOut({
  account,
  productId,
  priceId,
  header,
  back,
}: {
  account: Account;
  productId: string;
  priceId: string;
  header: React.ReactNode;
  back: React.ReactNode;
}) {
  const [t, tPasses, { priceText }, products] = await Promise.all([
    getTranslations("OrderSummary"),
    getTranslations("Passes"),
    productTexts(),
    orNotFound(listPublicProducts({ slug: account.slug, courses: true })),
  ]);
  const product = products.find((candidate) => candidate.id === productId);
  const price = product?.prices.find((candidate) => candidate.id === priceId);
  if (!product || !price) notFound();
  return (
    <>
      {header}
      <main className="mx-auto max-w-xl px-4 pb-16 pt-4">
        {back}
        <h1 className="mt-2 text-2xl font-semibold text-brand-900">{t("title")}</h1>
        <section className="mt-4 rounded-lg border border-slate-200 p-4">
          <h2 className="text-lg font-semibold text-slate-900">{product.name}</h2>
          <p className="text-lg tabular-nums">{priceText(price, account.locale)}</p>
        </section>
        <p className="mt-4">
          <Link href={signInHref(account.slug)} className="font-medium text-brand-700 underline">
            {tPasses("signInToBuy")}
          </Link>
        </p>
      </main>
    </>
  );
}
