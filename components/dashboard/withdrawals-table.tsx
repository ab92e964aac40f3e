import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { formatDateTime, formatMoney } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import type { ListedWithdrawal } from "@/lib/withdrawals/list-withdrawals";
import type { Studio } from "@/lib/web/get-active-studio";

const STATUS_STYLE: Record<string, string> = {
  refunded: "bg-slate-200 text-slate-800",
  refund_pending: "bg-amber-100 text-amber-900",
};

/**
 * Withdrawals as the desk reads them: when received, who (linked to their page), the product and its
 * receipt (linked to the person's orders), what was used and refunded, and whether the refund went out.
 */
export async function WithdrawalsTable({
  withdrawals,
  studio,
  caption,
  showBuyer = true,
}: {
  withdrawals: ListedWithdrawal[];
  studio: Studio;
  caption: string;
  /** False on the person's own page, where the buyer goes without saying. */
  showBuyer?: boolean;
}) {
  const t = await getTranslations("WithdrawalsList");
  const statusWords: Record<string, string> = { refunded: t("statusRefunded"), refund_pending: t("statusPending") };
  const money = (amount: number, currency: string) => formatMoney(amount, currency, studio.locale);
  return (
    <StackedTable
      caption={caption}
      columns={[
        { label: t("received"), className: "md:whitespace-nowrap" },
        ...(showBuyer ? [{ label: t("buyer") }] : []),
        { label: t("product") },
        { label: t("receiptNumber"), className: "tabular-nums" },
        { label: t("used"), className: "tabular-nums md:text-right md:whitespace-nowrap" },
        { label: t("refunded"), className: "tabular-nums md:text-right md:whitespace-nowrap" },
        { label: t("status") },
      ]}
      rows={withdrawals.map((withdrawal) => {
        const { order } = withdrawal;
        return {
          key: withdrawal.id,
          cells: [
            formatDateTime(withdrawal.receivedAt, studio),
            ...(showBuyer
              ? [
                  <span key="buyer" className="block">
                    <Link href={`/dashboard/users/${order.user.id}`} className="text-brand-700 underline">
                      {order.user.displayName}
                    </Link>
                    <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{withdrawal.email}</span>
                  </span>,
                ]
              : []),
            <span key="product" className="block">
              {order.product.name}
              <span className="block text-xs text-slate-600">{withdrawal.basis}</span>
            </span>,
            order.receiptNumber === null ? (
              "—"
            ) : (
              <Link
                key="receipt"
                href={`/dashboard/orders?userId=${order.user.id}`}
                className="text-brand-700 underline"
                aria-label={t("receiptOrders", { number: order.receiptNumber, name: order.user.displayName })}
              >
                {order.receiptNumber}
              </Link>
            ),
            money(withdrawal.usedAmount, withdrawal.currency),
            money(withdrawal.refundAmount, withdrawal.currency),
            <span key="status" className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[withdrawal.status] ?? ""}`}>
              {statusWords[withdrawal.status] ?? withdrawal.status}
            </span>,
          ],
        };
      })}
    />
  );
}
