import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { updateSettingsAction } = await import("./actions");

let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

const settings = {
  name: "Yoga Loft",
  timezone: "Europe/Berlin",
  locale: "de-de",
  "bookingPolicy.opensDaysBefore": "21",
  "bookingPolicy.closesMinutesBefore": "30",
  "bookingPolicy.cancellationWindowHours": "6",
};

describe("settings action", () => {
  it("saves the studio and its booking policy (waitlist off when unticked)", async () => {
    expect(await updateSettingsAction(formData(settings))).toEqual({ ok: true, message: "Settings saved." });
    expect(await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).toMatchObject({
      name: "Yoga Loft",
      timezone: "Europe/Berlin",
      locale: "de-DE",
      opensDaysBefore: 21,
      closesMinutesBefore: 30,
      cancellationWindowHours: 6,
      waitlistEnabled: false,
    });
  });

  it("puts each schema error under its input and saves nothing", async () => {
    const state = await updateSettingsAction(
      formData({
        ...settings,
        name: "",
        timezone: "Mars/Olympus",
        "bookingPolicy.opensDaysBefore": "400",
        "bookingPolicy.waitlistEnabled": "on",
      }),
    );
    expect(state.fieldErrors).toEqual({
      name: "Required",
      timezone: "Unknown IANA timezone",
      "bookingPolicy.opensDaysBefore": "Must be at most 365",
    });
    expect(await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).toMatchObject({
      timezone: "Europe/Copenhagen",
      opensDaysBefore: 14,
      waitlistEnabled: true,
    });
  });
});
