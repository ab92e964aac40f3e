import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listOrderBuyers } from "@/lib/commerce/list-order-buyers";
import { listOrders } from "@/lib/commerce/list-orders";
import { listProducts } from "@/lib/commerce/list-products";
import { formatDateTime } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { getMe } from "@/lib/users/get-me";
import { refundOrderAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("OrdersPage");
  return { title: t("title") };
}

const SHOWN = 200;
const STATUS_STYLE: Record<string, string> = {
  paid: "bg-brand-100 text-brand-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-slate-200 text-slate-800",
};

/** What refundOrder takes: a paid order; a Stripe one only with its payment known (a subscription's once invoice.paid reported it). */
function isRefundable(order: { status: string; provider: string; paymentIntentId: string | null }): boolean {
  return order.status === "paid" && (order.provider !== "stripe" || order.paymentIntentId !== null);
}

export default async function OrdersPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("OrdersPage")]);
  const providerNames: Record<string, string> = { demo: t("providerDemo"), stripe: "Stripe", desk: t("providerDesk") };
  const statusNames: Record<string, string> = {
    paid: t("statusPaid"),
    pending: t("statusPending"),
    failed: t("statusFailed"),
    refunded: t("statusRefunded"),
  };
  const [orders, products, { account }] = await Promise.all([
    listOrders({ db: viewer.db }).then((page) => page.items),
    listProducts({ db: viewer.db }),
    getMe(viewer),
  ]);
  const shown = orders.slice(0, SHOWN);
  const buyers = await listOrderBuyers({ orders: shown });
  const buyer = new Map(buyers.map((user) => [user.id, user]));
  const product = new Map(products.map((item) => [item.id, item.name]));
  const where = { zone: account.timezone, locale: account.locale };
  const buyerName = (userId: string) => buyer.get(userId)?.displayName ?? t("unknown");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")}>
        {t("intro")}
        {orders.length > SHOWN ? t("showingLatest", { shown: SHOWN, total: orders.length }) : ""}
      </PageHeader>
      {orders.length === 0 ? (
        <p className="text-slate-600">{t("noOrders")}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-lg border border-slate-300 bg-white"
          tabIndex={0}
          role="region"
          aria-label={t("tableLabel")}
        >
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t("caption", { studio: account.name })}</caption>
            <thead className="bg-slate-100 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("date")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("buyer")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("product")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t("amount")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("status")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("provider")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {shown.map((order) => (
                <tr key={order.id}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(order.createdAt, where)}</td>
                  <td className="px-3 py-2">
                    {buyerName(order.userId)}
                    <span className="block text-xs text-slate-600">{buyer.get(order.userId)?.email}</span>
                  </td>
                  <td className="px-3 py-2">{product.get(order.productId) ?? "—"}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(order.amount, order.currency, account.locale)}
                  </td>
                  <td className="px-3 py-2">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[order.status] ?? ""}`}
                    >
                      {statusNames[order.status] ?? order.status}
                    </span>
                  </td>
                  <td className="px-3 py-2">{providerNames[order.provider] ?? order.provider}</td>
                  <td className="px-3 py-2">
                    {isRefundable(order) ? (
                      <ActionForm
                        action={refundOrderAction}
                        hidden={{ orderId: order.id }}
                        submitLabel={t("refund")}
                        pendingLabel={t("refundPending")}
                        variant="danger"
                        inline
                        accessibleLabel={t("refundLabel", { buyer: buyerName(order.userId) })}
                        confirm={t("refundConfirm", {
                          amount: formatMoney(order.amount, order.currency, account.locale),
                          buyer: buyerName(order.userId),
                        })}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
