import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;
let admin: TestMember;

beforeEach(async () => {
  tenant = await createTenant({ name: "Sunrise Studio" });
  admin = tenant.admin;
});

const INVALID = { status: 400, body: { error: "Validation failed" } };
const NO_PROFILE = { description: null, accentColor: null, logoUrl: null, contactEmail: null, website: null };
const NO_LEGAL = { name: null, address: null, vatNumber: null, vatRate: null, vatExempt: false };
const DEFAULT_POLICY = {
  opensDaysBefore: 14,
  closesMinutesBefore: 0,
  cancellationWindowHours: 12,
  waitlistEnabled: true,
  standingBookings: false,
  strikeLimit: 0,
  strikeWindowDays: 30,
  strikeBlockDays: 7,
  strikeLateCancels: true,
  guestsPerBooking: 0,
  waitlistMode: "auto",
  waitlistOfferMinutes: 60,
  waitlistAutoWithinMinutes: 120,
  quietHours: null, // the test fixture's; a new studio's are 22:00–08:00
};

async function storedAccount() {
  return db.account.findUniqueOrThrow({ where: { id: tenant.accountId } });
}

describe("PATCH /account", () => {
  it("sets the hours before class that reminders go out (0 turns them off), within 0–168", async () => {
    const set = await api("PATCH", "/account", { token: admin.token, body: { reminderHours: 3 } });
    expect(set).toMatchObject({ status: 200, body: { reminderHours: 3 } });
    expect((await storedAccount()).reminderHours).toBe(3);
    expect((await api("PATCH", "/account", { token: admin.token, body: { reminderHours: 0 } })).body.reminderHours).toBe(0);
    for (const reminderHours of [-1, 169, 2.5, "24"]) {
      const refused = await api("PATCH", "/account", { token: admin.token, body: { reminderHours } });
      expect(refused.status, JSON.stringify(reminderHours)).toBe(400);
    }
    expect((await storedAccount()).reminderHours).toBe(0);
  });

  it("changes name, timezone and locale and answers the whole account", async () => {
    const response = await api("PATCH", "/account", {
      token: admin.token,
      body: { name: " Moonrise Studio ", timezone: "America/New_York", locale: "en-US" },
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: tenant.accountId,
      slug: tenant.slug,
      name: "Moonrise Studio",
      timezone: "America/New_York",
      locale: "en-US",
      currency: "DKK",
      bookingPolicy: DEFAULT_POLICY,
      profile: NO_PROFILE,
      reminderHours: 24,
      legal: NO_LEGAL,
    });
    expect(await storedAccount()).toMatchObject({
      name: "Moonrise Studio",
      timezone: "America/New_York",
      locale: "en-US",
      slug: tenant.slug,
    });
  });

  it("changes only the booking policy fields sent", async () => {
    const response = await api("PATCH", "/account", {
      token: admin.token,
      body: { bookingPolicy: { cancellationWindowHours: 24, waitlistEnabled: false } },
    });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "Sunrise Studio",
      timezone: "Europe/Copenhagen",
      bookingPolicy: {
        opensDaysBefore: 14,
        closesMinutesBefore: 0,
        cancellationWindowHours: 24,
        waitlistEnabled: false,
        guestsPerBooking: 0,
        waitlistMode: "auto",
        waitlistOfferMinutes: 60,
        waitlistAutoWithinMinutes: 120,
      },
    });
    expect(await storedAccount()).toMatchObject({
      cancellationWindowHours: 24,
      waitlistEnabled: false,
      opensDaysBefore: 14,
    });
  });

  it("sets quiet hours, turns them off with null and keeps them when absent", async () => {
    const set = await api("PATCH", "/account", {
      token: admin.token,
      body: { bookingPolicy: { quietHours: { from: "21:30", to: "07:00" } } },
    });
    expect(set).toMatchObject({ status: 200, body: { bookingPolicy: { quietHours: { from: "21:30", to: "07:00" } } } });
    expect(await storedAccount()).toMatchObject({ quietHoursFrom: "21:30", quietHoursTo: "07:00" });
    const kept = await api("PATCH", "/account", {
      token: admin.token,
      body: { bookingPolicy: { waitlistMode: "offer" } },
    });
    expect(kept.body.bookingPolicy.quietHours).toEqual({ from: "21:30", to: "07:00" });

    const off = await api("PATCH", "/account", { token: admin.token, body: { bookingPolicy: { quietHours: null } } });
    expect(off).toMatchObject({ status: 200, body: { bookingPolicy: { quietHours: null } } });
    expect(await storedAccount()).toMatchObject({ quietHoursFrom: null, quietHoursTo: null });
    expect((await api("GET", "/account", { token: admin.token })).body.bookingPolicy.quietHours).toBeNull();
  });

  it("answers the unchanged account for an empty body", async () => {
    const response = await api("PATCH", "/account", { token: admin.token, body: {} });
    expect(response).toMatchObject({ status: 200, body: { name: "Sunrise Studio", bookingPolicy: DEFAULT_POLICY } });
  });

  it("stores the canonical spelling of the timezone and locale", async () => {
    const response = await api("PATCH", "/account", {
      token: admin.token,
      body: { timezone: "europe/london", locale: "EN-gb" },
    });
    expect(response).toMatchObject({ status: 200, body: { timezone: "Europe/London", locale: "en-GB" } });
  });

  it.each([
    ["an unknown timezone", { timezone: "Mars/Olympus_Mons" }, "timezone"],
    ["an offset instead of a timezone", { timezone: "+01:00" }, "timezone"],
    ["an empty timezone", { timezone: "" }, "timezone"],
    ["a malformed locale", { locale: "da_DK" }, "locale"],
    ["a locale that is not a tag", { locale: "not a locale" }, "locale"],
    ["an empty locale", { locale: "" }, "locale"],
    ["an empty name", { name: "  " }, "name"],
    ["a name of the wrong type", { name: 7 }, "name"],
    ["a negative policy value", { bookingPolicy: { opensDaysBefore: -1 } }, "bookingPolicy.opensDaysBefore"],
    ["a fractional policy value", { bookingPolicy: { closesMinutesBefore: 1.5 } }, "bookingPolicy.closesMinutesBefore"],
    ["a policy flag of the wrong type", { bookingPolicy: { waitlistEnabled: "yes" } }, "bookingPolicy.waitlistEnabled"],
    ["an unknown policy field", { bookingPolicy: { maxBookings: 3 } }, "bookingPolicy"],
    ["an id", { id: "other" }, ""],
    ["a slug", { slug: "taken-over" }, ""],
    [
      "quiet hours past 23:59",
      { bookingPolicy: { quietHours: { from: "24:00", to: "08:00" } } },
      "bookingPolicy.quietHours.from",
    ],
    [
      "quiet hours not HH:MM",
      { bookingPolicy: { quietHours: { from: "22:00", to: "8" } } },
      "bookingPolicy.quietHours.to",
    ],
    ["quiet hours without an end", { bookingPolicy: { quietHours: { from: "22:00" } } }, "bookingPolicy.quietHours.to"],
    [
      "quiet hours ending as they start",
      { bookingPolicy: { quietHours: { from: "08:00", to: "08:00" } } },
      "bookingPolicy.quietHours.to",
    ],
    [
      "quiet hours with an unknown field",
      { bookingPolicy: { quietHours: { from: "22:00", to: "08:00", days: 5 } } },
      "bookingPolicy.quietHours",
    ],
    ["a currency", { currency: "EUR" }, ""],
    ["an accountId", { accountId: "other" }, ""],
  ])("rejects %s: 400 and changes nothing", async (_label, body, path) => {
    const response = await api("PATCH", "/account", {
      token: admin.token,
      body: { name: "Should not stick", ...body },
    });

    expect(response).toMatchObject(INVALID);
    expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await storedAccount()).toMatchObject({
      name: "Sunrise Studio",
      timezone: "Europe/Copenhagen",
      locale: "da-DK",
      currency: "DKK",
      slug: tenant.slug,
      opensDaysBefore: 14,
      closesMinutesBefore: 0,
      waitlistEnabled: true,
    });
  });

  it("rejects malformed JSON and a missing body with 400, an oversize body with 413", async () => {
    expect(await api("PATCH", "/account", { token: admin.token, rawBody: "{" })).toMatchObject(INVALID);
    expect(await api("PATCH", "/account", { token: admin.token })).toMatchObject(INVALID);
    const oversize = JSON.stringify({ name: "x".repeat(101 * 1024) });
    expect(await api("PATCH", "/account", { token: admin.token, rawBody: oversize })).toMatchObject({
      status: 413,
      body: { error: "Payload too large" },
    });
  });

  it("answers 401 without a token and with a garbage token", async () => {
    expect(await api("PATCH", "/account", { body: { name: "X" } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
    expect(await api("PATCH", "/account", { token: "garbage", body: { name: "X" } })).toMatchObject({
      status: 401,
      body: { error: "Authentication required" },
    });
  });

  it("answers 403 to an attendee and changes nothing", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    const response = await api("PATCH", "/account", { token: attendee.token, body: { name: "Attendee Studio" } });
    expect(response).toMatchObject({ status: 403, body: { error: "Insufficient permission" } });
    expect((await storedAccount()).name).toBe("Sunrise Studio");
  });

  it("changes only the administrator's active account", async () => {
    const other = await createTenant({ name: "Other Studio" });

    await api("PATCH", "/account", {
      token: other.admin.token,
      body: { name: "Renamed Other", bookingPolicy: { opensDaysBefore: 3 } },
    });

    expect(await storedAccount()).toMatchObject({ name: "Sunrise Studio", opensDaysBefore: 14 });
    expect(await db.account.findUniqueOrThrow({ where: { id: other.accountId } })).toMatchObject({
      name: "Renamed Other",
      opensDaysBefore: 3,
    });
  });

  it("answers 405 for POST", async () => {
    expect(await api("POST", "/account", { token: admin.token, body: {} })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});

describe("the legal details (legal of GET and PATCH /account)", () => {
  const DETAILS = { name: "Sunrise Studio ApS", address: "Nørrebrogade 1\n2200 København N", vatNumber: "DK12345678" };

  it("sets, changes and clears them field by field; GET /account shows them", async () => {
    const set = await api("PATCH", "/account", { token: admin.token, body: { legal: { ...DETAILS, vatRate: 25 } } });
    expect(set).toMatchObject({ status: 200, body: { legal: { ...DETAILS, vatRate: 25 } } });
    expect(await storedAccount()).toMatchObject({ legalName: DETAILS.name, vatRateBasisPoints: 2500 });

    const changed = await api("PATCH", "/account", {
      token: admin.token,
      body: { legal: { vatRate: 12.5, address: null, vatNumber: "  " } },
    });
    const expected = { name: DETAILS.name, address: null, vatNumber: null, vatRate: 12.5, vatExempt: false };
    expect(changed.body.legal).toEqual(expected);
    expect(await api("GET", "/account", { token: admin.token })).toMatchObject({
      status: 200,
      body: { id: tenant.accountId, name: "Sunrise Studio", legal: expected },
    });
  });

  it("keeps them out of the account others see", async () => {
    await api("PATCH", "/account", { token: admin.token, body: { legal: { ...DETAILS, vatRate: 25 } } });
    expect((await api("GET", `/public/accounts/${tenant.slug}`)).body).not.toHaveProperty("legal");
    expect((await api("GET", "/me", { token: admin.token })).body.account).not.toHaveProperty("legal");
  });

  it("rejects a rate outside 0..100 or with more than two decimals, and unknown fields", async () => {
    for (const legal of [{ vatRate: -1 }, { vatRate: 100.5 }, { vatRate: 12.345 }, { vatRate: "25" }, { cvr: "1" }]) {
      expect(await api("PATCH", "/account", { token: admin.token, body: { legal } })).toMatchObject(INVALID);
    }
    expect((await storedAccount()).vatRateBasisPoints).toBeNull();
    expect(await api("PATCH", "/account", { token: admin.token, body: { legal: { vatRate: 0.01 } } })).toMatchObject({
      status: 200,
      body: { legal: { vatRate: 0.01 } },
    });
  });

  it("answers GET /account 403 to an attendee and 401 without a token", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    expect(await api("GET", "/account", { token: attendee.token })).toMatchObject({ status: 403 });
    expect(await api("GET", "/account")).toMatchObject({ status: 401 });
  });

  it("shows each administrator only their active account's details", async () => {
    const other = await createTenant({ name: "Other Studio" });
    await api("PATCH", "/account", { token: other.admin.token, body: { legal: { name: "Other ApS", vatRate: 25 } } });
    expect((await api("GET", "/account", { token: admin.token })).body.legal).toEqual(NO_LEGAL);
    expect((await api("GET", "/account", { token: other.admin.token })).body.legal).toMatchObject({
      name: "Other ApS",
    });
  });
});
