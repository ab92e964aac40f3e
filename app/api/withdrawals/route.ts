import { clientIp } from "@/lib/http/client-address";
import { pageResponse } from "@/lib/http/page-response";
import { endpoints, json, route } from "@/lib/http/route";
import { visitorLocale } from "@/lib/http/visitor-locale";
import { serializeWithdrawal, WithdrawalInput } from "@/lib/schemas/withdrawal";
import { ListWithdrawalsQuery } from "@/lib/schemas/withdrawal-filter";
import { listWithdrawals } from "@/lib/withdrawals/list-withdrawals";
import { withdrawAsBuyer, withdrawAsMember } from "@/lib/withdrawals/withdraw-request";

const listWithdrawalsRoute = route(
  { operation: "GET /withdrawals", auth: "admin", query: ListWithdrawalsQuery },
  async ({ auth, query, request }) => {
    const page = await listWithdrawals({ db: auth.db, ...query });
    return pageResponse(request, page.items.map(serializeWithdrawal), page.next);
  },
);

const withdrawRoute = route(
  { operation: "POST /withdrawals", auth: "optional", body: WithdrawalInput },
  async ({ auth, body, request }) => {
    const askedIn = { visitor: visitorLocale(request), acceptLanguage: request.headers.get("accept-language") };
    const withdrawal =
      "orderId" in body
        ? await withdrawAsMember(auth, body.orderId, askedIn)
        : await withdrawAsBuyer(body, { ...askedIn, clientIp: clientIp(request.headers) });
    return json(serializeWithdrawal(withdrawal), 201);
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/withdrawals", {
  GET: listWithdrawalsRoute,
  POST: withdrawRoute,
});
