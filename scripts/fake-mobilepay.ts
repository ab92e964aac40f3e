// The fake Vipps MobilePay API (tests/fakes/vipps-mobilepay.ts) as a process of its own, for the
// end-to-end journeys: playwright.config.ts starts one beside each app server and points the app's
// MOBILEPAY_API_URL at it. Its deliveries are POSTed to the app's webhook, on the real clock.
// Usage: tsx scripts/fake-mobilepay.ts <port>
import { E2E_SALES_UNIT } from "@/e2e/support/mobilepay-keys";
import { FakeVippsMobilepay } from "@/tests/fakes/vipps-mobilepay";

const port = Number(process.argv[2]);
if (!port) {
  console.error("usage: tsx scripts/fake-mobilepay.ts <port>");
  process.exit(2);
}
const fake = new FakeVippsMobilepay();
fake.clock = () => new Date();
fake.deliverOverHttp = true;
fake.addSalesUnit(E2E_SALES_UNIT);
await fake.start(port);
console.log(`fake Vipps MobilePay on ${fake.baseUrl}`);
