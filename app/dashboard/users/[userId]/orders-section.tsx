import { getTranslations } from "next-intl/server";
import { Section } from "@/components/forms/page-header";
import { formatDateTime, formatMoney } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { getStatusWords } from "@/lib/i18n/status-words";
import type { PersonOverview } from "@/lib/users/get-person-overview";
import type { Studio } from "@/lib/web/get-active-studio";

/** The person's orders: product, when, amount and status. */
export async function OrdersSection({ overview, studio }: { overview: PersonOverview; studio: Studio }) {
  const [t, words] = await Promise.all([getTranslations("PersonPage"), getStatusWords()]);
  const { orders } = overview;
  return (
    <Section id="orders" title={t("ordersHeading")}>
      {orders.length === 0 ? (
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
              order.productName ?? "—",
              formatDateTime(order.createdAt, studio),
              formatMoney(order.amount, order.currency, studio.locale),
              words.order(order.status),
            ],
          }))}
        />
      )}
    </Section>
  );
}
