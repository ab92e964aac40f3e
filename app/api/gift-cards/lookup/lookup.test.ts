// GET /gift-cards/lookup?code= (issue 47 §2, "Tjek saldo"): public, what is left on a code and nothing about
// who bought it or for whom; every wrong guess counts against the client's limit (429 after ten a window).
import { beforeEach, describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { groupGiftCardCode } from "@/lib/gift-cards/gift-card-code";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { buyGiftCard, orderPaidByCard } from "../gift-card-test-data";

let tenant: TestTenant;
let buyer: TestMember;

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
});

const lookup = (code: string, ip: string) =>
  api("GET", `/gift-cards/lookup?code=${encodeURIComponent(code)}`, { headers: { [CLIENT_ADDRESS_HEADER]: ip } });

describe("GET /gift-cards/lookup", () => {
  it("answers the balance, currency, expiry and status of a code typed in any case, without a session", async () => {
    const { card, code } = await buyGiftCard(tenant, buyer, { recipientEmail: "maja@example.com" });
    await orderPaidByCard(tenant, buyer, card.id, { amount: 120000, fromCard: 20000 });
    const response = await lookup(groupGiftCardCode(code).toLowerCase(), "10.47.0.1");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      balance: 30000,
      currency: "DKK",
      expiresAt: card.expiresAt.toISOString(),
      status: "active",
    });
  });

  it("answers 404 for a wrong code, 429 after ten wrong guesses from one client (then for a right code too), 400 without a code", async () => {
    const { code } = await buyGiftCard(tenant, buyer);
    const ip = `10.47.1.${Math.floor(Math.random() * 250)}`;
    for (let guess = 0; guess < 10; guess++) {
      const wrong = await lookup("AAAA-BBBB-CCCC", ip);
      expect(wrong).toMatchObject({ status: 404, body: { error: "Gift card not found" } });
    }
    const limited = await lookup("AAAA-BBBB-CCCC", ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await lookup(code, ip)).status).toBe(429);
    expect((await lookup(code, "10.47.2.1")).status).toBe(200);
    expect((await api("GET", "/gift-cards/lookup")).status).toBe(400);
  });
});
