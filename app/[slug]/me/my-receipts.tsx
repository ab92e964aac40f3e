import type { Order } from "@prisma/client";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { ListPager, type ListPages } from "@/components/ui/list-pager";
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { withdrawalPath } from "@/lib/withdrawals/withdrawal-path";

type Props = {
  /** A page of the attendee's orders with a receipt (paid, refunded), newest first. */
  orders: Order[];
  /** Links to the newest and the older page of receipts. */
  pages: ListPages;
  productNames: Map<string, string>;
  where: { zone: string; locale: string };
  slug: string;
  /** The orders whose withdrawal is open: each gets its "Withdraw from contract here". */
  withdrawable: ReadonlySet<string>;
};

/** The attendee's receipts in this studio, each a PDF download (a refunded order's: its credit note). */
export async function MyReceipts({ orders, productNames, where, pages, slug, withdrawable }: Props) {
  const [t, tWithdraw, locale] = await Promise.all([
    getTranslations("ReceiptLink"),
    getTranslations("WithdrawalPages"),
    getLocale(),
  ]);
  const withReceipt = orders.filter((order) => order.receiptNumber !== null);
  if (withReceipt.length === 0 && !pages.newest) return null;
  return (
    <section aria-labelledby="receipts" className="mt-8">
      <h2 id="receipts" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {withReceipt.map((order) => {
          const refunded = order.status === "refunded";
          const number = order.receiptNumber!;
          const product = productNames.get(order.productId) ?? "";
          return (
            <li key={order.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div>
                <p className="font-semibold text-slate-900">
                  {order.instalment && order.instalments
                    ? t("instalment", { product, instalment: order.instalment, instalments: order.instalments })
                    : product}
                </p>
                <p className="text-sm text-slate-700">
                  {formatDate(order.paidAt ?? order.createdAt, where)}
                  {" · "}
                  {formatMoney(order.amount, order.currency, where.locale)}
                </p>
                <a
                  href={`/api/me/orders/${order.id}/receipt`}
                  download
                  className="mt-1 inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
                >
                  {refunded ? t("creditNote", { number }) : t("receipt", { number })}
                </a>
                {withdrawable.has(order.id) && (
                  <Link
                    href={withdrawalPath(slug, locale, order.id)}
                    className="mt-1 ml-4 inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
                  >
                    {tWithdraw("footerLink")}
                    <span className="sr-only"> ({product})</span>
                  </Link>
                )}
              </div>
              {refunded && <Badge tone="neutral">{t("refunded")}</Badge>}
            </li>
          );
        })}
      </ul>
      <ListPager pages={pages} label={t("pages")} />
    </section>
  );
}
