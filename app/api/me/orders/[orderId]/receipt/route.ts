import { pdfResponse } from "@/lib/http/pdf-response";
import { endpoints, route } from "@/lib/http/route";
import { getReceiptFactsOrThrow } from "@/lib/receipts/get-receipt-facts";
import { receiptFileName } from "@/lib/receipts/receipt-facts";
import { renderReceiptPdf } from "@/lib/receipts/render-receipt-pdf";
import { OrderParams } from "@/lib/schemas/order";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/orders/{orderId}/receipt", {
  GET: route(
    { operation: "GET /me/orders/{orderId}/receipt", auth: "member", personOnly: true, params: OrderParams },
    async ({ auth, params }) => {
      const facts = await getReceiptFactsOrThrow({ db: auth.db, orderId: params.orderId, userId: auth.userId });
      return pdfResponse(receiptFileName(facts), await renderReceiptPdf(facts));
    },
  ),
});
