// No made-up address and no field name of the API on any page a person reads: every dashboard page
// of the build (its routes from .next/app-path-routes-manifest.json, so a new page is walked without
// being listed here) as the demo administrator, and the member's pages of the studio as Mette Holm,
// whose son Karl holds a pass she paid for. The demo has Sara Bach, a walk-in without an email, and
// Karl: their stand-in addresses (`….invalid`) must never reach a page, not even the data a page
// hands its client components; the orders list names Mette as who paid, "for Karl Holm".
import type { APIRequestContext, Page } from "@playwright/test";
import { pagesOfBuild } from "../tests/helpers/whole-surface";
import { demoApi } from "./support/demo-api";
import { DESKTOP } from "./support/devices";
import { saveScreenshot } from "./support/screenshot";
import { E2E_URL } from "./support/server";
import { expect, test } from "./support/test";

type Schema = { properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] } & Record<string, unknown>;

/**
 * The names of the API no person should read: every property of its schemas that is no plain word
 * (camelCase or snake_case: `entitlementId`, `createdAt`, `holderId`) and every such enum value
 * (`drop_in`, `late_cancelled`), from the server's own OpenAPI document; and `minor` (amounts in
 * minor units), a word no Danish page has.
 */
async function apiNames(api: APIRequestContext): Promise<Set<string>> {
  const document = (await (await api.get("/api/openapi.json")).json()) as { components: { schemas: Schema } };
  const names = new Set<string>(["minor"]);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== "object") return;
    const schema = value as Schema;
    for (const name of Object.keys(schema.properties ?? {})) names.add(name);
    for (const code of schema.enum ?? []) if (typeof code === "string") names.add(code);
    Object.values(schema).forEach(walk);
  };
  walk(document.components.schemas);
  return new Set([...names].filter((name) => name === "minor" || /[a-z][A-Z]|[a-z]_[a-z]/.test(name)));
}

/** What a person reads on the page: its text, and the labels, titles and hints of its elements. */
async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => el.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...attributes].join("\n");
  });
}

/** Fails on a stand-in address anywhere in the page's HTML (its client data too) or an API name in its text. */
async function expectNoInternalValues(page: Page, path: string, names: Set<string>): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  const html = await page.content();
  expect(html.match(/[\w.+-]*@[\w-]+\.invalid\b/g) ?? [], `${path}: a stand-in address`).toEqual([]);
  const words = (await readableText(page)).split(/[^\p{L}\p{N}_]+/u);
  expect([...new Set(words.filter((word) => names.has(word)))], `${path}: the API's names`).toEqual([]);
}

type Person = { id: string; displayName: string };
type Instance = { id: string; startsAt: string; capacity: number; spotsLeft: number };

/** The demo studio's people by name (the administrator's API; a person without an email too). */
async function personNamed(api: APIRequestContext, name: string): Promise<Person> {
  const found = (await (await api.get(`/api/users?q=${encodeURIComponent(name)}`)).json()) as Person[];
  const person = found.find((candidate) => candidate.displayName === name);
  expect(person, name).toBeDefined();
  return person!;
}

/** The fullest class of the next days and the last one that has started (its roster with check-ins). */
async function classesToWalk(api: APIRequestContext): Promise<string[]> {
  const from = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 4 * 86_400_000).toISOString();
  const instances = (await (
    await api.get(`/api/instances?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
  ).json()) as Instance[];
  const booked = (instance: Instance) => instance.capacity - instance.spotsLeft;
  const byBookings = [...instances].sort((a, b) => booked(b) - booked(a));
  const upcoming = byBookings.find((instance) => new Date(instance.startsAt) > new Date());
  const started = byBookings.find((instance) => new Date(instance.startsAt) < new Date());
  return [upcoming, started].filter((instance) => instance !== undefined).map((instance) => instance.id);
}

/** A webhook and an import, so that their own pages have one to show. */
async function webhookAndImport(api: APIRequestContext): Promise<{ webhookId: string; importId: string }> {
  const webhook = await api.post("/api/webhooks", {
    data: { url: `https://hooks.example.com/walk-${Date.now().toString(36)}`, events: ["order.paid"] },
  });
  expect(webhook.status(), await webhook.text()).toBe(201);
  const upload = await api.post("/api/imports?kind=people", {
    headers: { "content-type": "text/csv" },
    data: "Navn;E-mail\nVilma Import;vilma.import@example.com\n",
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return {
    webhookId: ((await webhook.json()) as { webhook: { id: string } }).webhook.id,
    importId: ((await upload.json()) as { id: string }).id,
  };
}

test.use({ language: "da", ...DESKTOP });

test("no dashboard page shows a stand-in address or an API name; the orders list names who paid", async ({ page }) => {
  test.setTimeout(240_000);
  const admin = await demoApi("administrator");
  try {
    const names = await apiNames(admin);
    const [karl, sara, mette] = await Promise.all([
      personNamed(admin, "Karl Holm"),
      personNamed(admin, "Sara Bach"),
      personNamed(admin, "Mette Holm"),
    ]);
    const [classes, { webhookId, importId }, products] = await Promise.all([
      classesToWalk(admin),
      webhookAndImport(admin),
      admin.get("/api/products").then(async (response) => (await response.json()) as { id: string }[]),
    ]);
    expect(classes.length).toBeGreaterThan(0);
    const fill: Record<string, string[]> = {
      "[userId]": [karl.id, sara.id, mette.id],
      "[instanceId]": classes,
      "[productId]": [products[0]!.id],
      "[webhookId]": [webhookId],
      "[importId]": [importId],
    };
    const routes = pagesOfBuild(".next").filter((route) => route === "/dashboard" || route.startsWith("/dashboard/"));
    const paths = routes.flatMap((route) => {
      const segment = /\[\w+\]/.exec(route)?.[0];
      if (!segment) return [route];
      expect(fill[segment], `an id for ${route}`).toBeDefined();
      return fill[segment]!.map((id) => route.replace(segment, id));
    });
    // and the lists as the desk searches and filters them, where the people without an email are
    paths.push("/dashboard/users?q=Holm", "/dashboard/users?q=Sara", `/dashboard/orders?userId=${karl.id}`);

    const signIn = await page.request.post("/api/demo-auth/session", {
      data: { persona: "administrator" },
      headers: { origin: E2E_URL },
    });
    expect(signIn.status()).toBe(201);
    for (const path of paths) await expectNoInternalValues(page, path, names);

    // The orders list: Mette paid for Karl's pass, Sara has no email.
    await page.goto("/dashboard/orders");
    const karlsOrder = page.getByRole("row").filter({ hasText: "for Karl Holm" });
    await expect(karlsOrder).toContainText("Mette Holm");
    await expect(karlsOrder).toContainText("mette.holm@");
    await expect(page.getByRole("row").filter({ hasText: "Sara Bach" })).toContainText("Ingen e-mail");
    await karlsOrder.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/h-invalid-orders.png", fullPage: false });
    await saveScreenshot(page, "da-desktop-orders-who-paid");
    await page.goto(`/dashboard/users/${karl.id}`);
    await expect(page.getByText("Barn af Mette Holm")).toBeVisible();
  } finally {
    await admin.dispose();
  }
});

test("no page of the member's own studio shows a stand-in address or an API name", async ({ page }) => {
  test.setTimeout(180_000);
  const api = await demoApi("administrator");
  const names = await apiNames(api);
  const mette = await personNamed(api, "Mette Holm");
  await api.dispose();
  const signIn = await page.request.post("/api/demo-auth/session", {
    data: { persona: "attendee", userId: mette.id },
    headers: { origin: E2E_URL },
  });
  expect(signIn.status(), await signIn.text()).toBe(201);

  // the studio's routes, each once: a class, a pass and a course as the site links them
  // the terms page answers 404 until the studio publishes terms, which the demo has not (terms.spec.ts shows it)
  const routes = pagesOfBuild(".next").filter(
    (route) => route.startsWith("/[slug]") && !/^\/\[slug\]\/(terms|vilkaar)$/.test(route),
  );
  await page.goto("/demo");
  const linked = async (prefix: string) => {
    for (const from of ["/demo", "/demo/passes"]) {
      await page.goto(from);
      const link = page.locator(`a[href^="${prefix}"]`).first();
      if ((await link.count()) > 0) return (await link.getAttribute("href"))!;
    }
    throw new Error(`no link to ${prefix} on the studio's pages`);
  };
  const paths: string[] = [];
  for (const route of routes) {
    const path = route.replace("[slug]", "demo");
    const dynamic = /^(\/demo\/\w+\/)\[\w+\]$/.exec(path);
    paths.push(dynamic ? await linked(dynamic[1]!) : path);
  }
  expect(paths).toContain("/demo/me");
  for (const path of paths) await expectNoInternalValues(page, path, names);
  await page.goto("/demo/me");
  await expect(page.getByText("Karl Holm").first()).toBeVisible();
});
