import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/forms/page-header";
import { WithdrawalsTable } from "@/components/dashboard/withdrawals-table";
import { buttonClass } from "@/components/ui/button";
import { Id } from "@/lib/schemas/common";
import { encodeCursor, readCursor } from "@/lib/schemas/page";
import { WithdrawalKey } from "@/lib/schemas/withdrawal-filter";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listWithdrawals } from "@/lib/withdrawals/list-withdrawals";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("WithdrawalsList");
  return { title: t("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 50;

/** The studio's withdrawals ("Fortrydelser"), newest received first, in keyset pages (`?after=`). */
export default async function WithdrawalsPage(props: Props) {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("WithdrawalsList")]);
  const params = await props.searchParams;
  const userId = Id.safeParse(params.userId).data;
  const after = readCursor(WithdrawalKey, typeof params.after === "string" ? params.after : undefined);
  const [studio, page] = await Promise.all([
    getActiveStudio(viewer),
    listWithdrawals({ db: viewer.db, limit: PAGE_SIZE, after, userId }),
  ]);
  const base = new URLSearchParams(userId ? { userId } : {});
  const href = (search: URLSearchParams) => `/dashboard/orders/withdrawals${search.size > 0 ? `?${search}` : ""}`;
  return (
    <div className="space-y-6">
      <p>
        <Link href="/dashboard/orders" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      {page.items.length === 0 ? (
        <p className="text-slate-600">{t("none")}</p>
      ) : (
        <WithdrawalsTable withdrawals={page.items} studio={studio} caption={t("caption", { studio: studio.name })} />
      )}
      {after || page.next ? (
        <nav aria-label={t("pages")} className="flex justify-between gap-3 text-sm">
          {after ? (
            <Link href={href(base)} className={buttonClass("secondary", "sm")}>
              {t("newest")}
            </Link>
          ) : (
            <span />
          )}
          {page.next ? (
            <Link
              href={href(new URLSearchParams([...base, ["after", encodeCursor(page.next)]]))}
              className={buttonClass("secondary", "sm")}
              rel="next"
            >
              {t("older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
