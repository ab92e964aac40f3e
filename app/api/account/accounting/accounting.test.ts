// GET and PATCH /account/accounting (issue 34 §3, decision 0041): the studio's account numbers,
// Dinero's standard chart by default, changed one at a time, validated as positive integers.
import { beforeEach, describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant();
});

const DEFAULTS = {
  salesAccount: 1000,
  exemptSalesAccount: 1050,
  vatAccount: 61100,
  cardClearingAccount: 55000,
  mobilepayClearingAccount: 55000,
  giftCardLiability: 63030,
};

const patch = (body: unknown, token = tenant.admin.token) => api("PATCH", "/account/accounting", { token, body });

describe("GET and PATCH /account/accounting", () => {
  it("answers Dinero's standard accounts until the studio sets its own, then those; one field changes alone", async () => {
    expect(await api("GET", "/account/accounting", { token: tenant.admin.token })).toMatchObject({
      status: 200,
      body: { accounting: DEFAULTS },
    });
    const changed = await patch({
      accounting: { salesAccount: 1100, mobilepayClearingAccount: 5830, giftCardLiability: 6810 },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const expected = {
      accounting: { ...DEFAULTS, salesAccount: 1100, mobilepayClearingAccount: 5830, giftCardLiability: 6810 },
    };
    expect(changed.body).toEqual(expected);
    expect((await api("GET", "/account/accounting", { token: tenant.admin.token })).body).toEqual(expected);

    const other = await createTenant();
    expect((await api("GET", "/account/accounting", { token: other.admin.token })).body).toEqual({
      accounting: DEFAULTS,
    });
  });

  it("refuses account numbers that are not positive integers, and unknown fields, with 400 on the field", async () => {
    for (const [body, path] of [
      [{ accounting: { salesAccount: 0 } }, "accounting.salesAccount"],
      [{ accounting: { vatAccount: -14261 } }, "accounting.vatAccount"],
      [{ accounting: { exemptSalesAccount: 10.5 } }, "accounting.exemptSalesAccount"],
      [{ accounting: { cardClearingAccount: "55000" } }, "accounting.cardClearingAccount"],
      [{ accounting: { giftCardLiability: 0 } }, "accounting.giftCardLiability"],
      [{ accounting: { giftCardLiability: 63030.5 } }, "accounting.giftCardLiability"],
      [{ accounting: { giftCardLiability: null } }, "accounting.giftCardLiability"],
      [{ accounting: { bankAccount: 55000 } }, "accounting"],
      [{}, "accounting"],
    ] as const) {
      const response = await patch(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(
        response.body.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await api("GET", "/account/accounting", { token: tenant.admin.token })).body).toEqual({
      accounting: DEFAULTS,
    });
  });

  it("is the administrator's: a teacher 403, nobody 401", async () => {
    const teacher = await createMember(tenant.accountId, "teacher");
    expect(await api("GET", "/account/accounting", { token: teacher.token })).toMatchObject({ status: 403 });
    expect(await patch({ accounting: { salesAccount: 1 } }, teacher.token)).toMatchObject({ status: 403 });
    expect(await api("GET", "/account/accounting")).toMatchObject({ status: 401 });
  });
});
