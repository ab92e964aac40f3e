import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Section } from "@/components/forms/page-header";
import { WithdrawalsTable } from "@/components/dashboard/withdrawals-table";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { Studio } from "@/lib/web/get-active-studio";
import { listWithdrawals } from "@/lib/withdrawals/list-withdrawals";

const SHOWN = 10;

/** The person's withdrawals, newest first; nothing when they have none. */
export async function WithdrawalsSection({ db, userId, studio }: { db: TenantDb; userId: string; studio: Studio }) {
  const [t, page] = await Promise.all([
    getTranslations("WithdrawalsList"),
    listWithdrawals({ db, userId, limit: SHOWN }),
  ]);
  if (page.items.length === 0) return null;
  return (
    <Section id="withdrawals" title={t("title")}>
      <WithdrawalsTable withdrawals={page.items} studio={studio} caption={t("title")} showBuyer={false} />
      {page.next ? (
        <p className="mt-3 text-sm">
          <Link href={`/dashboard/orders/withdrawals?userId=${userId}`} className="text-brand-700 underline">
            {t("allOfPerson")}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
