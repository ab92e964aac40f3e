import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Notice } from "@/components/ui/notice";
import type { AwaitedOrder } from "@/lib/orders/list-awaited-orders";
import { summaryHref } from "../passes/product-text";
import { RefreshWhileWaiting } from "./refresh-while-waiting";

/**
 * The member's payments not confirmed yet (listAwaitedOrders), the page reading itself again until they are,
 * and the one they came back from when it was declined, lapsed or stopped, with a way to buy it again.
 * `stoppedOrderId`: the order whose checkout the member left (Stripe's cancel address), no longer waited for.
 */
export async function AwaitedPaymentsSection({
  slug,
  orders,
  stoppedOrderId,
}: {
  slug: string;
  orders: AwaitedOrder[];
  stoppedOrderId: string | null;
}) {
  if (orders.length === 0) return null;
  const t = await getTranslations("AwaitedPayments");
  const waiting = orders.some((order) => order.status === "pending" && order.id !== stoppedOrderId);
  return (
    <section aria-labelledby="awaited-payments" className="mt-6">
      <h2 id="awaited-payments" className="sr-only">
        {t("title")}
      </h2>
      <ul className="space-y-3">
        {orders.map((order) => {
          const outcome = order.id === stoppedOrderId ? "stopped" : order.status;
          return (
            <li key={order.id}>
              <Notice tone={outcome === "pending" ? "info" : "error"}>
                <p className="font-semibold">{order.productName}</p>
                {outcome === "pending" ? (
                  <p>{t("waiting", { provider: order.provider })}</p>
                ) : (
                  <p>
                    {outcome === "stopped" ? t("stopped") : t("declined", { provider: order.provider })}{" "}
                    <Link href={summaryHref(slug, order)} className="font-medium underline">
                      {t("tryAgain")}
                    </Link>
                  </p>
                )}
              </Notice>
            </li>
          );
        })}
      </ul>
      {waiting ? <RefreshWhileWaiting hint={t("waitingHint")} late={t("late")} /> : null}
    </section>
  );
}
