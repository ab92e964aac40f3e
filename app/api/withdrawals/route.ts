import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { serializeWithdrawal } from "@/lib/schemas/withdrawal";
import { ListWithdrawalsQuery } from "@/lib/schemas/withdrawal-filter";
import { listWithdrawals } from "@/lib/withdrawals/list-withdrawals";

const listWithdrawalsRoute = route(
  { operation: "GET /withdrawals", auth: "admin", query: ListWithdrawalsQuery },
  async ({ auth, query, request }) => {
    const page = await listWithdrawals({ db: auth.db, ...query });
    return pageResponse(request, page.items.map(serializeWithdrawal), page.next);
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/withdrawals", { GET: listWithdrawalsRoute });
