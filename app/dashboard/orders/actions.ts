"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import { refundOrder } from "@/lib/commerce/refund-order";
import { RefundOrderInput } from "@/lib/schemas/order";
import { action } from "@/lib/web/action";

export const refundOrderAction = action(
  {
    auth: "administrator",
    ids: ["orderId"],
    input: { schema: RefundOrderInput, fields: { reason: readText } },
    revalidate: "/dashboard/orders",
  },
  async ({ viewer, ids: { orderId }, input: { reason } }) => {
    await refundOrder({ db: viewer.db, orderId, reason: reason ?? null });
    const t = await getTranslations("OrdersActions");
    return t("refunded");
  },
);
