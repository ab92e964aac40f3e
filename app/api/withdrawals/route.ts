import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { visitorLocale } from "@/lib/http/visitor-locale";
import { serializeWithdrawal, WithdrawalInput } from "@/lib/schemas/withdrawal";
import { withdrawAsBuyer, withdrawAsMember } from "@/lib/withdrawals/withdraw-request";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/withdrawals", {
  POST: route(
    { operation: "POST /withdrawals", auth: "optional", body: WithdrawalInput },
    async ({ auth, body, request }) => {
      const askedIn = { visitor: visitorLocale(request), acceptLanguage: request.headers.get("accept-language") };
      const withdrawal =
        "orderId" in body
          ? await withdrawAsMember(auth, body.orderId, askedIn)
          : await withdrawAsBuyer(body, { ...askedIn, clientIp: clientIp(request.headers) });
      return json(serializeWithdrawal(withdrawal), 201);
    },
  ),
});
