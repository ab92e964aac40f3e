// The Dinero settings page's actions against a fake Dinero: connect with the form's four fields,
// the field a wrong value names, and disconnect.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { DINERO, useFakeDinero } from "@/tests/helpers/fake-dinero";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { connectDineroAction, disconnectDineroAction } = await import("./actions");

useFakeDinero();
let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

const form = (fields: Partial<typeof DINERO> = {}) =>
  formData(
    Object.fromEntries(Object.entries({ ...DINERO, ...fields }).map(([name, value]) => [`dinero.${name}`, value])),
  );
const connection = () => db.dineroConnection.findUnique({ where: { accountId: tenant.accountId } });

describe("Dinero settings actions", () => {
  it("connects, then disconnects", async () => {
    expect(await connectDineroAction(form())).toEqual({ ok: true, message: "Dinero is connected." });
    expect(await connection()).toMatchObject({ organizationId: DINERO.organizationId });
    expect(await disconnectDineroAction()).toEqual({ ok: true, message: "Dinero is disconnected." });
    expect(await connection()).toBeNull();
  });

  it("names the field that is wrong, and what Dinero refused, saving nothing", async () => {
    const badId = await connectDineroAction(form({ organizationId: "org-1" }));
    expect(badId.ok).toBe(false);
    expect(badId.fieldErrors?.["dinero.organizationId"]).toBe(
      "The organization id is the number Dinero shows under Settings",
    );
    const refused = await connectDineroAction(form({ apiKey: "not-the-key" }));
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain("Dinero did not accept this client id, client secret and API key");
    expect(await connection()).toBeNull();
  });

  it("is for administrators only", async () => {
    signInAs((await createMember(tenant.accountId, "teacher")).token);
    await expect(connectDineroAction(form())).rejects.toThrow("NEXT_REDIRECT"); // to the sign-in or the dashboard
    expect(await connection()).toBeNull();
  });
});
