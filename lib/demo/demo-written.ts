import type { Price, Product } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { DemoFixture } from "./demo-fixture";

/** What the sections written so far have created, for the sections after them (ids by fixture key). */
export type Written = {
  accountId: string;
  userIds: Map<string, string>;
  locationIds: Map<string, string>;
  eventIds: Map<string, string>;
  /** Products with their price list in fixture order. */
  products: Map<string, { product: Product; prices: Price[] }>;
  /** The entitlement each person was granted at `now` (one each). */
  entitlementIds: Map<string, string>;
  /** When the fixture is written: the programme, season, grants, past and upcoming classes follow it. */
  now: Date;
};

export type Section = (tx: TenantTx, fixture: DemoFixture, written: Written) => Promise<void>;

export function userIdOf(written: Written, key: string): string {
  const id = written.userIds.get(key);
  if (!id) throw new Error(`demo fixture names an unknown person: ${key}`);
  return id;
}

export function productOf(written: Written, key: string): { product: Product; prices: Price[] } {
  const found = written.products.get(key);
  if (!found) throw new Error(`demo fixture names an unknown product: ${key}`);
  return found;
}
