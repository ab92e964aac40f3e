import Link from "next/link";
import { getTranslations } from "next-intl/server";

/** The orders page's way to the withdrawals ("Fortrydelser"). */
export async function WithdrawalsLink() {
  const t = await getTranslations("WithdrawalsList");
  return (
    <p className="text-sm">
      <Link href="/dashboard/orders/withdrawals" className="text-brand-700 underline">
        {t("title")}
      </Link>
    </p>
  );
}
