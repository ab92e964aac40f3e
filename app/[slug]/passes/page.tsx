import type { Metadata } from "next";
import Link from "next/link";
import { StudioHeader } from "@/components/schedule/studio-header";
import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { formatMoney } from "@/lib/format/money";
import { buyAction, signOutAction } from "../actions";
import { getViewer } from "@/lib/web/viewer";
import { getPublicStudio, orNotFound, signInHref, viewerOf } from "../studio";
import { BuyButton } from "./buy-button";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string }> };

const TYPE_LABELS: Record<string, string> = {
  drop_in: "Drop-in",
  class_pass: "Class pass",
  subscription: "Subscription",
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const account = await getPublicStudio((await params).slug);
  return { title: `${account.name}: passes and prices` };
}

function intervalText(interval: string | null, count: number | null): string {
  if (!interval) return "";
  return count && count > 1 ? ` every ${count} ${interval}s` : ` per ${interval}`;
}

function ageText(minAge: number | null, maxAge: number | null): string {
  if (minAge !== null && maxAge !== null) return `Ages ${minAge}–${maxAge}`;
  if (minAge !== null) return `Ages ${minAge} and over`;
  if (maxAge !== null) return `Ages up to ${maxAge}`;
  return "";
}

/** Passes and prices, in the studio's locale and currency; buying needs a signed-in member (and JavaScript). */
export default async function PassesPage({ params }: Props) {
  const { slug } = await params;
  const [account, products, signedIn] = await orNotFound(
    Promise.all([getPublicStudio(slug), listPublicProducts({ slug }), getViewer()]),
  );
  const viewer = viewerOf(signedIn, account);
  const buy = buyAction.bind(null, account.slug);

  return (
    <>
      <StudioHeader
        studio={account}
        current="passes"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug)}
      />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">Passes and prices</h1>
        {!viewer && (
          <p className="mt-2 text-slate-700">
            <Link href={signInHref(account.slug)} className="font-medium text-brand-700 underline">
              Sign in
            </Link>{" "}
            to buy a pass.
          </p>
        )}
        {products.length === 0 ? (
          <p className="mt-6 text-slate-700">No passes are on sale right now.</p>
        ) : (
          <ul className="mt-6 space-y-4">
            {products.map((product) => {
              const facts = [
                TYPE_LABELS[product.type] ?? product.type,
                product.classAllowance !== null
                  ? `${product.classAllowance} ${product.classAllowance === 1 ? "class" : "classes"}`
                  : product.type === "subscription"
                    ? "Unlimited classes"
                    : "",
                product.validityDays !== null ? `valid ${product.validityDays} days` : "",
              ].filter(Boolean);
              return (
                <li key={product.id} className="rounded-lg border border-slate-200 p-4">
                  <h2 className="text-lg font-semibold text-slate-900">{product.name}</h2>
                  <p className="text-sm text-slate-700">{facts.join(" · ")}</p>
                  {product.description && <p className="mt-2 text-slate-800">{product.description}</p>}
                  <ul className="mt-3 divide-y divide-slate-100">
                    {product.prices.map((price) => {
                      const amount = `${formatMoney(price.amount, price.currency, account.locale)}${intervalText(price.interval, price.intervalCount)}`;
                      const age = ageText(price.minAge, price.maxAge);
                      return (
                        <li key={price.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                          <p>
                            <span className="text-lg font-semibold tabular-nums">{amount}</span>
                            {age && <span className="ml-2 text-sm text-slate-700">{age}</span>}
                          </p>
                          {viewer ? (
                            <BuyButton
                              label={`${product.name}, ${amount}`}
                              productId={product.id}
                              priceId={price.id}
                              buy={buy}
                            />
                          ) : (
                            <Link
                              href={signInHref(account.slug)}
                              className="inline-flex min-h-9 items-center rounded-md border border-brand-700 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                            >
                              Sign in to buy
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
      </main>
    </>
  );
}
