import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { seedDemo } from "@/lib/demo/seed-demo";
import { api } from "@/tests/helpers/api";
import { createTenant } from "@/tests/helpers/fixtures";

const NOT_FOUND = { status: 404, body: { error: "Resource not found" } };

describe("GET /public/accounts/{slug}", () => {
  it("answers an active account without credentials", async () => {
    const tenant = await createTenant({ name: "Sunrise Studio", timezone: "Europe/Oslo" });

    const response = await api("GET", `/public/accounts/${tenant.slug}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: tenant.accountId,
      slug: tenant.slug,
      name: "Sunrise Studio",
      timezone: "Europe/Oslo",
      locale: "da-DK",
      currency: "DKK",
      bookingPolicy: {
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
        quietHours: null,
      },
      profile: { description: null, accentColor: null, logoUrl: null, contactEmail: null, website: null },
      reminderHours: 24,
    });
  });

  it("answers the seeded demo studio", async () => {
    await seedDemo();
    const response = await api("GET", "/public/accounts/demo");
    expect(response).toMatchObject({
      status: 200,
      body: { slug: "demo", name: "Demo Studio", timezone: "Europe/Copenhagen", locale: "da-DK", currency: "DKK" },
    });
    expect(response.body.profile).toEqual({
      description: expect.stringContaining("yogastudie"),
      accentColor: "#e07a5f",
      logoUrl: null,
      contactEmail: "hej@demo-studio.example",
      website: "https://demo-studio.example",
    });
  });

  it("answers 404 for an unknown slug and for a suspended account", async () => {
    const tenant = await createTenant();
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "suspended" } });
    expect(await api("GET", "/public/accounts/no-such-studio")).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/public/accounts/${tenant.slug}`)).toMatchObject(NOT_FOUND);
    // the account id is not a slug
    const other = await createTenant();
    expect(await api("GET", `/public/accounts/${other.accountId}`)).toMatchObject(NOT_FOUND);
  });

  it("ignores credentials and answers 405 for a method it does not serve", async () => {
    const tenant = await createTenant();
    expect((await api("GET", `/public/accounts/${tenant.slug}`, { token: "garbage" })).status).toBe(200);
    expect(await api("POST", `/public/accounts/${tenant.slug}`, { body: {} })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});

describe("GET /public/accounts/{slug}/events", () => {
  it("answers the public programme of an account (none yet)", async () => {
    const tenant = await createTenant();
    expect(await api("GET", `/public/accounts/${tenant.slug}/events`)).toMatchObject({
      status: 200,
      body: { events: [], instances: [] },
    });
  });

  it("answers 404 for an unknown or suspended account", async () => {
    const tenant = await createTenant();
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "suspended" } });
    expect(await api("GET", "/public/accounts/no-such-studio/events")).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/public/accounts/${tenant.slug}/events`)).toMatchObject(NOT_FOUND);
  });
});

describe("GET /public/accounts/{slug}/products", () => {
  it("answers the public products of an account (none yet)", async () => {
    const tenant = await createTenant();
    expect(await api("GET", `/public/accounts/${tenant.slug}/products`)).toMatchObject({ status: 200, body: [] });
  });

  it("answers 404 for an unknown or suspended account", async () => {
    const tenant = await createTenant();
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "suspended" } });
    expect(await api("GET", "/public/accounts/no-such-studio/products")).toMatchObject(NOT_FOUND);
    expect(await api("GET", `/public/accounts/${tenant.slug}/products`)).toMatchObject(NOT_FOUND);
  });
});
