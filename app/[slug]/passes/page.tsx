import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { listDependants } from "@/lib/households/list-dependants";
import { CourseList } from "./course-list";
import { GiftCardList } from "./gift-card-list";
import { listAcceptedPaymentMethods } from "@/lib/payments/list-accepted-payment-methods";
import { safeReturnTo } from "@/lib/web/return-to";
import { studioMember } from "@/lib/web/studio-member";
import { signOutAction } from "../actions";
import { getPublicStudio, orNotFound, signInHref } from "../studio";
import { productTexts, summaryHref } from "./product-text";
import { withdrawalWords } from "@/lib/withdrawals/withdrawal-words";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string }>;
  /** `for`: one of the member's children the purchase is for (a class's "Køb til Liva"), carried to the summary. */
  searchParams: Promise<{ returnTo?: string | string[]; for?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("Passes")]);
  return { title: t("metaTitle", { studio: account.name }) };
}

/**
 * Passes and prices, in the studio's locale and currency. "Buy" opens the order summary of that price
 * (what it costs and gives, a promo code, then pay), carrying `returnTo` (the class the member came
 * from) so that paying brings them back there.
 */
export default async function PassesPage({ params, searchParams }: Props) {
  const [{ slug }, query, t, { typeText, ageText, priceText }] = await Promise.all([
    params,
    searchParams,
    getTranslations("Passes"),
    productTexts(),
  ]);
  const returnTo = safeReturnTo(query.returnTo);
  const [account, viewer] = await orNotFound(Promise.all([getPublicStudio(slug), studioMember(slug)]));
  const buyingFor = viewer && typeof query.for === "string" ? await childOf(viewer, query.for) : undefined;
  const tHousehold = await getTranslations("Household");
  const { rightText } = await withdrawalWords();
  const summaryOf = (productId: string, priceId: string) =>
    summaryHref(account.slug, { productId, priceId, returnTo, ...(buyingFor ? { forUserId: buyingFor.id } : {}) });
  // Intro offers first to those who may buy them, and hidden from those who may not.
  const onSale = await listPublicProducts({ slug, courses: true, viewerId: viewer?.userId ?? null });
  // Gift cards have their own section and buy page (/<slug>/gavekort); the rest pay for classes.
  const products = onSale.filter((product) => !product.course && product.type !== "gift_card");
  const giftCards = onSale.filter((product) => product.type === "gift_card");
  const courses = onSale.filter((product) => product.course);
  const methods = await listAcceptedPaymentMethods({ accountId: account.id, currency: account.currency });
  const mobilePay = methods.includes("mobilepay");
  const sellsSubscriptions = products.some((product) => product.type === "subscription");

  return (
    <>
      <StudioHeader
        studio={account}
        current="passes"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug, `/${account.slug}/passes`)}
      />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        {buyingFor && <p className="mt-2 text-slate-800">{tHousehold("buyingFor", { name: buyingFor.displayName })}</p>}
        {!viewer && (
          <p className="mt-2 text-slate-700">
            {t.rich("signInToBuyPass", {
              link: (chunks) => (
                <Link
                  href={signInHref(account.slug, `/${account.slug}/passes`)}
                  className="font-medium text-brand-700 underline"
                >
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
        {products.length > 0 ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="payment-methods">
            {mobilePay ? t("payByCardOrMobilePay") : t("payByCard")}
            {mobilePay && sellsSubscriptions ? ` ${t("membershipsByCard")}` : null}
          </p>
        ) : null}
        {products.length === 0 ? (
          <p className="mt-6 text-slate-700">{t("noneOnSale")}</p>
        ) : (
          <ul className="mt-6 space-y-4">
            {products.map((product) => {
              const facts = [
                typeText(product.type),
                product.classAllowance !== null
                  ? t("classes", { count: product.classAllowance })
                  : product.type === "subscription"
                    ? t("unlimited")
                    : "",
                product.validityDays !== null ? t("validDays", { count: product.validityDays }) : "",
              ].filter(Boolean);
              return (
                <li
                  key={product.id}
                  id={`product-${product.id}`}
                  className="scroll-mt-4 rounded-lg border border-slate-200 p-4"
                >
                  <h2 className="text-lg font-semibold text-slate-900">{product.name}</h2>
                  {product.newcomersOnly && (
                    <p className="mt-1">
                      <Badge tone="success">{t("newcomersOnly")}</Badge>
                    </p>
                  )}
                  <p className="text-sm text-slate-700">{facts.join(" · ")}</p>
                  <p className="mt-1 text-sm text-slate-700">{rightText(product)}</p>
                  {product.description && <p className="mt-2 text-slate-800">{product.description}</p>}
                  <ul className="mt-3 divide-y divide-slate-100">
                    {product.prices.map((price) => {
                      const amount = priceText(price, account.locale);
                      const age = ageText(price.minAge, price.maxAge);
                      return (
                        <li key={price.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                          <p>
                            <span className="text-lg font-semibold tabular-nums">{amount}</span>
                            {age && <span className="ml-2 text-sm text-slate-700">{age}</span>}
                          </p>
                          {viewer ? (
                            <Link
                              href={summaryOf(product.id, price.id)}
                              aria-label={t("buyLabel", { label: `${product.name}, ${amount}` })}
                              className={buttonClass("primary", "sm")}
                            >
                              {t("buy")}
                            </Link>
                          ) : (
                            <Link
                              href={signInHref(account.slug, summaryOf(product.id, price.id))}
                              className={buttonClass("secondary", "sm")}
                            >
                              {t("signInToBuy")}
                              <span className="sr-only">
                                : {product.name}, {amount}
                              </span>
                            </Link>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
        {courses.length > 0 && <CourseList account={account} courses={courses} />}
        {giftCards.length > 0 && <GiftCardList account={account} giftCards={giftCards} />}
      </main>
    </>
  );
}

/** The member's own child named by `for`, or undefined for anyone else (the purchase is then the member's). */
async function childOf(viewer: PersonAuth, childId: string): Promise<{ id: string; displayName: string } | undefined> {
  const children = await listDependants({ db: viewer.db, guardianId: viewer.userId });
  return children.find((child) => child.id === childId);
}
