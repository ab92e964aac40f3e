"use server";

import { getTranslations } from "next-intl/server";
import { defined, readText } from "@/components/forms/form-data";
import { refundOrder } from "@/lib/commerce/refund-order";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { RefundOrderInput } from "@/lib/schemas/order";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";

const PATH = "/dashboard/orders";

export async function refundOrderAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const orderId = parseWith(Id, readText(formData, "orderId"));
      const { reason } = parseWith(RefundOrderInput, defined({ reason: readText(formData, "reason") }));
      await refundOrder({ db: viewer.db, accountId: viewer.accountId, orderId, reason: reason ?? null });
      const t = await getTranslations("OrdersActions");
      return t("refunded");
    },
    { revalidate: PATH },
  );
}
