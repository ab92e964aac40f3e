import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { StudioHeader } from "@/components/schedule/studio-header";
import { formatLastDay } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { pageFormat } from "@/lib/i18n/page-language";
import { studioMember } from "@/lib/web/studio-member";
import { listWithdrawableOrders } from "@/lib/withdrawals/list-withdrawable-orders";
import { signOutAction } from "../actions";
import { getPublicStudio, orNotFound, signInHref } from "../studio";
import { withdrawAction } from "./actions";
import { WithdrawFlow, type WithdrawableChoice } from "./withdraw-flow";

export const dynamic = "force-dynamic";

export type WithdrawPageProps = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ order?: string | string[] }>;
};

export async function generateMetadata({ params }: WithdrawPageProps): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("WithdrawalPages")]);
  return { title: t("metaTitle", { studio: account.name }), robots: { index: false } };
}

/**
 * The withdrawal function (`/<slug>/fortryd`, `/<slug>/withdraw`; FAL §18, issue 46 §2): a signed-in
 * member picks one of their orders whose withdrawal is open (`?order=` picks it for them); anyone else
 * gives their name, email and receipt number. Then "Confirm withdrawal", then the acknowledgment.
 */
export default async function WithdrawPage({ params, searchParams }: WithdrawPageProps) {
  const [{ slug }, query, t] = await Promise.all([params, searchParams, getTranslations("WithdrawalPages")]);
  const [account, viewer] = await orNotFound(Promise.all([getPublicStudio(slug), studioMember(slug)]));
  const where = await pageFormat(account);
  const choices: WithdrawableChoice[] | null = viewer
    ? (
        await listWithdrawableOrders({ db: viewer.db, userId: viewer.userId, timezone: account.timezone, now: new Date() })
      ).map(({ order, until }) => ({
        id: order.id,
        label: t("orderChoice", {
          product: order.product.name,
          amount: formatMoney(order.amount, order.currency, where.locale),
          receiptNumber: order.receiptNumber ?? 0,
        }),
        until: t("orderUntil", { date: formatLastDay(until, where) }),
      }))
    : null;
  const asked = typeof query.order === "string" ? query.order : undefined;
  return (
    <>
      <StudioHeader
        studio={account}
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug, `/${account.slug}/fortryd`)}
      />
      <main className="mx-auto max-w-xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        <p className="mt-2 text-slate-700">{t("intro", { studio: account.name })}</p>
        <WithdrawFlow
          action={withdrawAction.bind(null, account.slug)}
          choices={choices}
          chosen={choices?.some((choice) => choice.id === asked) ? asked : choices?.[0]?.id}
          studioHref={`/${account.slug}`}
          signInHref={signInHref(account.slug, `/${account.slug}/fortryd`)}
        />
        <p className="mt-8 text-sm text-slate-600">
          {t("rightsNote")}{" "}
          <Link href={`/${account.slug}`} className="font-medium text-brand-700 underline underline-offset-2">
            {t("backToStudio", { studio: account.name })}
          </Link>
        </p>
      </main>
    </>
  );
}
