// The test sales unit the end-to-end fake Vipps MobilePay API knows (scripts/fake-mobilepay.ts).
export const E2E_SALES_UNIT = {
  merchantSerialNumber: "654321",
  clientId: "e2e-client-id",
  clientSecret: "e2e-client-secret",
  subscriptionKey: "e2e-subscription-key",
};
