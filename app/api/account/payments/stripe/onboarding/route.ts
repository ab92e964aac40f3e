import { endpoints, json, route } from "@/lib/http/route";
import { startStripeOnboarding } from "@/lib/payments/stripe/start-onboarding";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/account/payments/stripe/onboarding", {
  POST: route({ operation: "POST /account/payments/stripe/onboarding", auth: "admin" }, async ({ auth }) =>
    json(await startStripeOnboarding({ db: auth.db, accountId: auth.accountId }), 201),
  ),
});
