import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { FakeVippsMobilepay, type SalesUnitKeys } from "@/tests/fakes/vipps-mobilepay";

/** The keys of the fake's one sales unit (added before each test). */
export const SALES_UNIT: SalesUnitKeys = {
  merchantSerialNumber: "123456",
  clientId: "client-id-of-the-studio",
  clientSecret: "client-secret-of-the-studio",
  subscriptionKey: "subscription-key-of-the-studio",
};

/** The fake Vipps MobilePay API for this file's tests, at MOBILEPAY_API_URL; emptied before each test. */
export function useFakeMobilepay(): FakeVippsMobilepay {
  const fake = new FakeVippsMobilepay();
  beforeAll(async () => {
    process.env.MOBILEPAY_API_URL = await fake.start();
    resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.MOBILEPAY_API_URL;
    resetEnvCache();
    await fake.stop();
  });
  beforeEach(() => {
    fake.reset();
    fake.addSalesUnit(SALES_UNIT);
  });
  return fake;
}
