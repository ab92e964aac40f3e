import { endpoints, json, route } from "@/lib/http/route";
import { getAccountPayments } from "@/lib/payments/get-account-payments";
import { updatePaymentMethods } from "@/lib/payments/update-payment-methods";
import { UpdateAccountPaymentsInput } from "@/lib/schemas/account-payments";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account/payments", {
  GET: route({ operation: "GET /account/payments", auth: "admin" }, async ({ auth }) =>
    json(await getAccountPayments({ db: auth.db })),
  ),
  PATCH: route(
    { operation: "PATCH /account/payments", auth: "admin", body: UpdateAccountPaymentsInput },
    async ({ auth, body }) => json(await updatePaymentMethods({ db: auth.db, accountId: auth.accountId, input: body })),
  ),
});
