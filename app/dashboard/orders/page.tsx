import { pageFormat, pageLanguage } from "@/lib/i18n/page-language";
import type { Metadata } from "next";
import type { Order } from "@prisma/client";
import { getTranslations } from "next-intl/server";
import { getStatusWords } from "@/lib/i18n/status-words";
import { PageHeader } from "@/components/forms/page-header";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { Notice } from "@/components/ui/notice";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { findOrder } from "@/lib/orders/find-order";
import { listOrderBuyers } from "@/lib/orders/list-order-buyers";
import { listOrders } from "@/lib/orders/list-orders";
import { listOrderRefunds } from "@/lib/orders/list-order-refunds";
import { listDineroStates, type DineroState } from "@/lib/accounting/list-dinero-states";
import { listProducts } from "@/lib/commerce/list-products";
import { AppError } from "@/lib/errors";
import { formatDateTime } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { Id } from "@/lib/schemas/common";
import { OrderFilterQuery, OrderKey, orderFilterSearch, type OrderFilter } from "@/lib/schemas/order-filter";
import { encodeCursor, readCursor } from "@/lib/schemas/page";
import { buttonClass } from "@/components/ui/button";
import Link from "next/link";
import { getMe } from "@/lib/users/get-me";
import { getPerson } from "@/lib/users/get-person";
import { contactLabel } from "@/lib/users/contact-label";
import { OrderFilterForm } from "./order-filter-form";
import { isRefundable } from "@/lib/orders/order-refundability";
import { RefundOrderForm } from "./refund-order-form";
import { WithdrawalsLink } from "./withdrawals-link";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("OrdersPage");
  return { title: t("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Orders a page: keyset pages (`?after=`, the API's cursor), newest first. */
const PAGE_SIZE = 50;
const STATUS_STYLE: Record<string, string> = {
  paid: "bg-brand-100 text-brand-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-slate-200 text-slate-800",
};
const FILTER_FIELDS = ["status", "productId", "userId", "from", "to"] as const;

/** The form's fields as typed (blank ones left out), and the filter they make or why they make none. */
async function readFilter(props: Props) {
  const params = await props.searchParams;
  const typed = Object.fromEntries(
    FILTER_FIELDS.flatMap((name) => {
      const value = params[name];
      return typeof value === "string" && value.trim() !== "" ? [[name, value.trim()]] : [];
    }),
  ) as Partial<Record<(typeof FILTER_FIELDS)[number], string>>;
  const parsed = OrderFilterQuery.safeParse(typed);
  const refunded = Id.safeParse(params.refunded);
  const after = readCursor(OrderKey, typeof params.after === "string" ? params.after : undefined);
  return {
    typed,
    filter: parsed.success ? parsed.data : null,
    after,
    refundedId: refunded.success ? refunded.data : null,
  };
}

async function listFiltered(
  viewer: Awaited<ReturnType<typeof requireAdministrator>>,
  filter: OrderFilter | null,
  after: OrderKey | undefined,
) {
  if (!filter) return null;
  try {
    return await listOrders({
      db: viewer.db,
      limit: PAGE_SIZE,
      after,
      filter: { ...filter, accountId: viewer.accountId },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed") return null;
    throw error;
  }
}

export default async function OrdersPage(props: Props) {
  const [viewer, t, tContact] = await Promise.all([
    requireAdministrator(),
    getTranslations("OrdersPage"),
    getTranslations("Contact"),
  ]);
  const { typed, filter, after, refundedId } = await readFilter(props);
  const [page, products, { account }, refunded, person] = await Promise.all([
    listFiltered(viewer, filter, after),
    listProducts({ db: viewer.db }),
    getMe(viewer),
    refundedId ? findOrder({ db: viewer.db, orderId: refundedId }) : null,
    // the person of the `userId` filter, named (someone not of this studio: their orders are none)
    filter?.userId ? getPerson({ db: viewer.db, userId: filter.userId }).catch(() => null) : null,
  ]);
  const orders = page?.items ?? [];
  const [buyers, dinero, refunds] = await Promise.all([
    listOrderBuyers({ orders: refunded ? [...orders, refunded] : orders }),
    listDineroStates({ db: viewer.db, orderIds: orders.map((order) => order.id) }),
    listOrderRefunds({ db: viewer.db, orderIds: orders.map((order) => order.id) }),
  ]);
  const classPasses = new Set(products.filter((item) => item.type === "class_pass").map((item) => item.id));
  const buyer = new Map(buyers.map((user) => [user.id, user]));
  const product = new Map(products.map((item) => [item.id, item.name]));
  const where = await pageFormat(account);
  const filtered = Object.keys(typed).length > 0;
  const search = filter ? orderFilterSearch(filter) : new URLSearchParams();
  const semicolons = new URLSearchParams(search);
  semicolons.set("delimiter", "semicolon");
  semicolons.set("language", await pageLanguage()); // for a person: their words, the studio's clock, kroner
  const csvHref = (query: URLSearchParams) => `/api/exports/orders.csv${query.size > 0 ? `?${query}` : ""}`;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <WithdrawalsLink />
      {refunded && refunded.refundedAmount > 0 ? (
        <Notice tone="success">
          {refunded.status === "refunded"
            ? t("refundedNotice", {
                amount: formatMoney(refunded.refundedAmount, refunded.currency, account.locale),
                buyer: buyer.get(refunded.userId)?.payer.displayName ?? t("unknown"),
              })
            : t("partlyRefundedNotice", {
                amount: formatMoney(refunded.refundedAmount, refunded.currency, account.locale),
                buyer: buyer.get(refunded.userId)?.payer.displayName ?? t("unknown"),
              })}
        </Notice>
      ) : null}
      <OrderFilterForm
        // a new filter (or "Clear filter", a client-side link) shows its own values, not the last ones typed
        key={JSON.stringify(typed)}
        values={typed}
        products={products.map((item) => ({ value: item.id, label: item.name }))}
        filtered={filtered}
        person={filter?.userId ? { id: filter.userId, name: person?.displayName ?? t("unknown") } : null}
      />
      {page ? (
        <p className="text-sm text-slate-700">
          {filtered ? t("exportFiltered") : t("exportAll")}{" "}
          <a href={csvHref(search)} className="text-brand-700 underline" download>
            {t("exportCsv")}
          </a>{" "}
          ·{" "}
          <a href={csvHref(semicolons)} className="text-brand-700 underline" download>
            {t("exportExcel")}
          </a>
        </p>
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {t("badFilter")}
        </p>
      )}
      {!page ? null : orders.length === 0 ? (
        <p className="text-slate-600">{filtered ? t("noMatches") : t("noOrders")}</p>
      ) : (
        <>
          <OrdersTable
            orders={orders}
            caption={t("caption", { studio: account.name })}
            buyerOf={(order) => {
              const party = buyer.get(order.userId);
              if (!party) return { name: t("unknown"), contact: "", paidFor: null };
              return {
                name: party.payer.displayName,
                contact: contactLabel(party.payer, tContact),
                paidFor: party.paidFor === null ? null : tContact("forHolder", { name: party.paidFor }),
              };
            }}
            productOf={(order) => {
              const name = product.get(order.productId) ?? "—";
              return order.instalment && order.instalments
                ? t("instalmentOrder", { product: name, instalment: order.instalment, instalments: order.instalments })
                : name;
            }}
            dateOf={(order) => formatDateTime(order.createdAt, where)}
            dineroOf={(order) => dinero.get(order.id)}
            amountOf={(order) => formatMoney(order.amount, order.currency, account.locale)}
            leftOf={(order) => formatMoney(order.amount - order.refundedAmount, order.currency, account.locale)}
            refundsOf={(order) =>
              (refunds.get(order.id) ?? []).map((refund) => ({
                number: refund.creditNoteNumber,
                amount: formatMoney(refund.amount, order.currency, account.locale),
              }))
            }
            isClassPass={(order) => classPasses.has(order.productId)}
            vatOf={(order) => formatMoney(order.vatAmount ?? 0, order.currency, account.locale)}
          />
          {after || page.next ? (
            <nav aria-label={t("pages")} className="flex justify-between gap-3 text-sm">
              {after ? (
                <Link
                  href={`/dashboard/orders${search.size > 0 ? `?${search}` : ""}`}
                  className={buttonClass("secondary", "sm")}
                >
                  {t("newest")}
                </Link>
              ) : (
                <span />
              )}
              {page.next ? (
                <Link
                  href={`/dashboard/orders?${new URLSearchParams([...search, ["after", encodeCursor([page.next[0], page.next[1]])]])}`}
                  className={buttonClass("secondary", "sm")}
                  rel="next"
                >
                  {t("older")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

async function OrdersTable({
  orders,
  caption,
  buyerOf,
  productOf,
  dateOf,
  amountOf,
  leftOf,
  refundsOf,
  isClassPass,
  vatOf,
  dineroOf,
}: {
  orders: Order[];
  caption: string;
  /** Who paid, their address (or why there is none) and, when they paid for someone else, "for Liva". */
  buyerOf: (order: Order) => { name: string; contact: string; paidFor: string | null };
  productOf: (order: Order) => string;
  dateOf: (order: Order) => string;
  amountOf: (order: Order) => string;
  /** What is left to refund, formatted as its amount is. */
  leftOf: (order: Order) => string;
  /** Its credit notes: number and amount refunded. */
  refundsOf: (order: Order) => { number: number; amount: string }[];
  isClassPass: (order: Order) => boolean;
  /** The VAT the order's amount includes, formatted as its amount is. */
  vatOf: (order: Order) => string;
  dineroOf: (order: Order) => DineroState | undefined;
}) {
  const t = await getTranslations("OrdersPage");
  const providerNames: Record<string, string> = { demo: t("providerDemo"), stripe: "Stripe", desk: t("providerDesk") };
  const words = await getStatusWords();
  const dineroWords: Record<DineroState, string> = {
    waiting: t("dineroWaiting"),
    sent: t("dineroSent"),
    failed: t("dineroFailed"),
  };
  return (
    <StackedTable
      caption={caption}
      columns={[
        { label: t("buyer") },
        { label: t("date"), className: "md:whitespace-nowrap" },
        { label: t("product") },
        { label: t("amount"), className: "tabular-nums md:text-right md:whitespace-nowrap" },
        { label: t("status") },
        { label: t("provider") },
        { label: t("actions") },
      ]}
      rows={orders.map((order) => {
        const { name, contact, paidFor } = buyerOf(order);
        const dinero = dineroOf(order);
        return {
          key: order.id,
          cells: [
            <span key="buyer" className="block">
              {name}
              {paidFor ? <span className="block text-sm font-normal text-slate-700">{paidFor}</span> : null}
              <span className="block text-xs font-normal [overflow-wrap:anywhere] text-slate-600">{contact}</span>
            </span>,
            dateOf(order),
            productOf(order),
            <span key="amount" className="block">
              {amountOf(order)}
              {refundsOf(order).map((note) => (
                <span key={note.number} className="block text-xs text-slate-600">
                  {t("creditNote", { number: note.number, amount: note.amount })}
                </span>
              ))}
              {order.vatRateBasisPoints === 0 ? (
                <span className="block text-xs text-slate-600">{t("vatExempt")}</span>
              ) : order.vatAmount !== null && order.vatRateBasisPoints !== null ? (
                <span className="block text-xs text-slate-600">
                  {t("vatIncluded", { vat: vatOf(order), rate: order.vatRateBasisPoints / 100 })}
                </span>
              ) : null}
            </span>,
            <span key="status" className="block">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[order.status] ?? ""}`}>
                {words.order(order.status)}
              </span>
              {dinero ? (
                <span className={`mt-1 block text-xs ${dinero === "failed" ? "text-red-700" : "text-slate-600"}`}>
                  {dineroWords[dinero]}
                </span>
              ) : null}
            </span>,
            providerNames[order.provider] ?? order.provider,
            <div key="actions" className="flex flex-wrap items-start gap-x-2">
              {order.status === "paid" || order.status === "refunded" ? (
                <a
                  href={`/api/orders/${order.id}/receipt`}
                  className="inline-flex min-h-11 items-center px-2 text-brand-700 underline md:min-h-0 md:py-1"
                >
                  {t("receipt")}
                  <span className="sr-only"> {t("receiptOf", { buyer: name, date: dateOf(order) })}</span>
                </a>
              ) : null}
              {isRefundable(order) ? (
                <RefundOrderForm
                  orderId={order.id}
                  buyer={name}
                  product={productOf(order)}
                  amount={amountOf(order)}
                  left={leftOf(order)}
                  classPass={isClassPass(order)}
                  date={dateOf(order)}
                />
              ) : null}
            </div>,
          ],
        };
      })}
    />
  );
}
