// The right of withdrawal per product (issue 46 §1, decision 0049): worked out, not chosen. A
// dated product (a drop-in, a workshop, a teacher training, a course) has none; an undated class
// pass, an unlimited pass and a membership have 14 days; administrators and the public read the same.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let courseEventId: string;

beforeAll(async () => {
  tenant = await createTenant();
  const event = await db.event.create({
    data: { accountId: tenant.accountId, title: "Yoga for begyndere", durationMinutes: 60, capacity: 8, status: "published" },
  });
  courseEventId = event.id;
});

async function product(name: string, body: Record<string, unknown>) {
  const response = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { name, status: "active", prices: [{ amount: 12000, currency: "DKK" }], ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; name: string; withdrawal: { days: number } | null };
}

describe("withdrawal on products", () => {
  it("is 14 days for undated passes and memberships and null for dated products, to administrators and the public", async () => {
    const made = [
      await product("Klippekort", { type: "class_pass", classAllowance: 10 }),
      await product("Medlemskab", {
        type: "subscription",
        prices: [{ amount: 49900, currency: "DKK", interval: "month" }],
      }),
      await product("Enkelttime", { type: "drop_in" }),
      await product("Workshop", { type: "workshop" }),
      await product("Forløb", { type: "custom", courseEventId }),
    ];
    const expected = {
      Klippekort: { days: 14 },
      Medlemskab: { days: 14 },
      Enkelttime: null,
      Workshop: null,
      Forløb: null,
    };
    expect(Object.fromEntries(made.map((p) => [p.name, p.withdrawal]))).toEqual(expected);

    const listed = await api("GET", "/products", { token: tenant.admin.token });
    expect(Object.fromEntries(listed.body.map((p: { name: string; withdrawal: unknown }) => [p.name, p.withdrawal]))).toEqual(expected);

    const shown = await api("GET", `/public/accounts/${tenant.slug}/products`);
    expect(shown.status).toBe(200);
    for (const p of shown.body as { name: string; withdrawal: unknown }[]) {
      expect(p.withdrawal, p.name).toEqual(expected[p.name as keyof typeof expected]);
    }
    expect(shown.body.map((p: { name: string }) => p.name)).toContain("Klippekort");
  });
});
