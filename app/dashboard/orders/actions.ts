"use server";

import { getTranslations } from "next-intl/server";
import { readInteger, readText } from "@/components/forms/form-data";
import { refundOrder } from "@/lib/commerce/refund-order";
import { RefundOrderInput } from "@/lib/schemas/order";
import { action } from "@/lib/web/action";
import { readKroner } from "@/lib/web/read-kroner";

export const refundOrderAction = action(
  {
    auth: "administrator",
    ids: ["orderId"],
    input: { schema: RefundOrderInput, fields: { reason: readText, amount: readKroner, classes: readInteger } },
    revalidate: "/dashboard/orders",
  },
  async ({ viewer, ids: { orderId }, input: { reason, amount, classes } }) => {
    const order = await refundOrder({ db: viewer.db, orderId, amount, classes, reason: reason ?? null });
    const t = await getTranslations("OrdersActions");
    return order.status === "refunded" ? t("refunded") : t("partlyRefunded");
  },
);
