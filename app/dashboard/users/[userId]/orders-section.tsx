import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Section } from "@/components/forms/page-header";
import { formatDateTime, formatMoney } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { Notice } from "@/components/ui/notice";
import { getStatusWords } from "@/lib/i18n/status-words";
import { ListPager, type PersonSectionProps } from "./list-pages";

/**
 * The person's orders: product (and which instalment, for a price paid in instalments), when, amount
 * and status; an instalment that was not paid is called out above them.
 */
export async function OrdersSection({ overview, studio, pages }: PersonSectionProps) {
  const [t, words] = await Promise.all([getTranslations("PersonPage"), getStatusWords()]);
  const { orders, unpaidInstalments: unpaid } = overview;
  const product = (order: (typeof orders)[number]) =>
    order.instalment
      ? t("instalmentOrder", {
          product: order.productName ?? "—",
          instalment: order.instalment.number,
          instalments: order.instalment.of,
        })
      : (order.productName ?? "—");
  return (
    <Section id="orders" title={t("ordersHeading")}>
      {unpaid.map((order) => (
        <Notice key={order.id} tone="error" className="mb-3">
          {t("instalmentFailed", {
            order: product(order),
            amount: formatMoney(order.amount, order.currency, studio.locale),
          })}
        </Notice>
      ))}
      {orders.length === 0 && !pages.newest ? (
        <p className="text-slate-700">{t("noOrders")}</p>
      ) : (
        <StackedTable
          caption={t("ordersHeading")}
          columns={[
            { label: t("product") },
            { label: t("date") },
            { label: t("amount"), className: "tabular-nums" },
            { label: t("status") },
          ]}
          rows={orders.map((order) => ({
            key: order.id,
            cells: [
              product(order),
              formatDateTime(order.createdAt, studio),
              formatMoney(order.amount, order.currency, studio.locale),
              words.order(order.status),
            ],
          }))}
        />
      )}
      <ListPager pages={pages} label={t("ordersPages")} />
      {orders.length > 0 ? (
        <p className="mt-3 text-sm">
          <Link href={`/dashboard/orders?userId=${overview.person.id}`} className="text-brand-700 underline">
            {t("ordersOnOrdersPage", { name: overview.person.displayName })}
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
