import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { updateProfileAction, updateSettingsAction } = await import("./actions");

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
  reminderHours: "3",
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
      reminderHours: 3,
    });
  });

  it("saves the strikes: limit, window, block and whether late cancellations count", async () => {
    const strikes = {
      ...settings,
      "bookingPolicy.strikeLimit": "3",
      "bookingPolicy.strikeWindowDays": "28",
      "bookingPolicy.strikeBlockDays": "10",
    };
    expect(await updateSettingsAction(formData(strikes))).toMatchObject({ ok: true });
    expect(await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).toMatchObject({
      strikeLimit: 3,
      strikeWindowDays: 28,
      strikeBlockDays: 10,
      strikeLateCancels: false,
    });
    const refused = await updateSettingsAction(formData({ ...strikes, "bookingPolicy.strikeBlockDays": "0" }));
    expect(refused.fieldErrors).toEqual({ "bookingPolicy.strikeBlockDays": "Must be at least 1" });
  });

  it("saves the waitlist's offer mode and its minutes; a form without the choice leaves the mode as it was", async () => {
    const offers = {
      ...settings,
      "bookingPolicy.waitlistMode": "offer",
      "bookingPolicy.waitlistOfferMinutes": "30",
      "bookingPolicy.waitlistAutoWithinMinutes": "90",
    };
    expect(await updateSettingsAction(formData(offers))).toMatchObject({ ok: true });
    const saved = { waitlistMode: "offer", waitlistOfferMinutes: 30, waitlistAutoWithinMinutes: 90 };
    expect(await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).toMatchObject(saved);
    expect(await updateSettingsAction(formData(settings))).toMatchObject({ ok: true });
    expect(await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).toMatchObject(saved);
    const refused = await updateSettingsAction(formData({ ...offers, "bookingPolicy.waitlistMode": "lottery" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { "bookingPolicy.waitlistMode": expect.any(String) } });
  });

  it("saves the quiet hours, none when that box is ticked, and refuses a time that is not one", async () => {
    const quiet = { ...settings, "bookingPolicy.quietHours.from": "21:00", "bookingPolicy.quietHours.to": "07:30" };
    const stored = () =>
      db.account.findUniqueOrThrow({
        where: { id: tenant.accountId },
        select: { quietHoursFrom: true, quietHoursTo: true },
      });
    expect(await updateSettingsAction(formData(quiet))).toMatchObject({ ok: true });
    expect(await stored()).toEqual({ quietHoursFrom: "21:00", quietHoursTo: "07:30" });

    expect(await updateSettingsAction(formData({ ...quiet, "bookingPolicy.quietHours.none": "on" }))).toMatchObject({
      ok: true,
    });
    expect(await stored()).toEqual({ quietHoursFrom: null, quietHoursTo: null });

    const refused = await updateSettingsAction(formData({ ...quiet, "bookingPolicy.quietHours.to": "7" }));
    expect(refused.fieldErrors).toEqual({ "bookingPolicy.quietHours.to": "Enter a time such as 17:30" });
    const empty = await updateSettingsAction(formData({ ...quiet, "bookingPolicy.quietHours.to": "21:00" }));
    expect(empty.fieldErrors).toEqual({
      "bookingPolicy.quietHours.to": "Quiet hours must end at another time than they start",
    });
    expect(await stored()).toEqual({ quietHoursFrom: null, quietHoursTo: null });
  });

  it("puts each schema error under its input and saves nothing", async () => {
    const state = await updateSettingsAction(
      formData({
        ...settings,
        name: "",
        timezone: "Mars/Olympus",
        "bookingPolicy.opensDaysBefore": "400",
        "bookingPolicy.waitlistEnabled": "on",
        reminderHours: "200",
      }),
    );
    expect(state.fieldErrors).toEqual({
      name: "Required",
      timezone: "Choose a time zone from the list",
      "bookingPolicy.opensDaysBefore": "Must be at most 365",
      reminderHours: "Must be at most 168",
    });
    expect(await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).toMatchObject({
      timezone: "Europe/Copenhagen",
      opensDaysBefore: 14,
      waitlistEnabled: true,
    });
  });

  it("keeps a locale tag we have no words for when it is sent back unchanged", async () => {
    await db.account.update({ where: { id: tenant.accountId }, data: { locale: "de-DE" } });
    expect(await updateSettingsAction(formData({ ...settings, locale: "de-DE" }))).toMatchObject({ ok: true });
    expect((await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).locale).toBe("de-DE");
  });
});

describe("profile action", () => {
  const profile = {
    "profile.description": "  Yoga på Nørrebro.  ",
    "profile.accentColor": "#0F766E",
    "profile.logoUrl": "https://cdn.example.com/logo.png",
    "profile.contactEmail": "Hej@Yoga.Example",
    "profile.website": "https://yoga.example",
  };
  const stored = () =>
    db.account.findUniqueOrThrow({
      where: { id: tenant.accountId },
      select: { description: true, accentColor: true, logoUrl: true, contactEmail: true, website: true, name: true },
    });

  it("saves the profile and leaves the rest of the studio as it was", async () => {
    expect(await updateProfileAction(formData(profile))).toEqual({ ok: true, message: "Profile saved." });
    expect(await stored()).toEqual({
      description: "Yoga på Nørrebro.",
      accentColor: "#0f766e",
      logoUrl: "https://cdn.example.com/logo.png",
      contactEmail: "hej@yoga.example",
      website: "https://yoga.example",
      name: (await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).name,
    });
  });

  it("clears the fields left blank", async () => {
    await updateProfileAction(formData(profile));
    await updateProfileAction(formData({ ...profile, "profile.logoUrl": " ", "profile.description": "" }));
    expect(await stored()).toMatchObject({ logoUrl: null, description: null, accentColor: "#0f766e" });
  });

  it("puts each error under its input in plain words and saves nothing", async () => {
    const state = await updateProfileAction(
      formData({
        ...profile,
        "profile.accentColor": "teal",
        "profile.logoUrl": "http://cdn.example.com/logo.png",
        "profile.contactEmail": "hej@",
        "profile.website": "yoga.example",
      }),
    );
    expect(state).toMatchObject({ ok: false, error: "Please correct the marked fields." });
    expect(state.fieldErrors).toEqual({
      "profile.accentColor": "Enter a colour as # and six hexadecimal digits, such as #0f766e",
      "profile.logoUrl": "Enter an address that starts with https://",
      "profile.contactEmail": "Enter an email address such as ida@example.com",
      "profile.website": "Enter an address that starts with https:// or http://",
    });
    expect(await stored()).toMatchObject({ description: null, accentColor: null, logoUrl: null });
  });
});
