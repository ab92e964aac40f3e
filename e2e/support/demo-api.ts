// Arranging what a journey needs through the REST API, signed in as a demo persona (the demo
// fixture seeds people and a programme but no passes). The journeys themselves use the pages.
import { expect, request, type APIRequestContext } from "@playwright/test";
import { E2E_URL } from "./server";

export const DEMO_PASS = { name: "10-class pass (e2e)", amount: 120_000, currency: "DKK" } as const;

type Instance = {
  id: string;
  eventId: string;
  startsAt: string;
  endsAt: string;
  status: string;
  capacity: number;
  spotsLeft: number;
};
type PublicEvent = { id: string; title: string };

/** An API client with a demo session of `persona` (cookie auth; writes send our Origin). */
export async function demoApi(
  persona: "administrator" | "teacher" | "attendee",
  userId?: string,
): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  const response = await api.post("/api/demo-auth/session", { data: userId ? { persona, userId } : { persona } });
  expect(response.status(), await response.text()).toBe(201);
  return api;
}

/** A demo attendee persona by display name, signed in through the API. */
export async function demoAttendeeApi(displayName: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E_URL });
  try {
    const users = (await (await api.get("/api/demo-auth/users")).json()) as { id: string; displayName: string }[];
    const user = users.find((candidate) => candidate.displayName === displayName);
    if (!user) throw new Error(`${displayName} is not a demo attendee`);
    return demoApi("attendee", user.id);
  } finally {
    await api.dispose();
  }
}

/** An active class pass with one DKK price in the demo studio, created once per demo reset. */
export async function ensureDemoPass(): Promise<{ productId: string; priceId: string }> {
  const admin = await demoApi("administrator");
  try {
    const list = await admin.get("/api/products");
    expect(list.status()).toBe(200);
    const body = (await list.json()) as { products?: unknown[] } | unknown[];
    const products = (Array.isArray(body) ? body : (body.products ?? [])) as {
      id: string;
      name: string;
      status: string;
      prices: { id: string }[];
    }[];
    const existing = products.find((product) => product.name === DEMO_PASS.name && product.status === "active");
    if (existing) return { productId: existing.id, priceId: existing.prices[0]!.id };
    const created = await admin.post("/api/products", {
      data: {
        type: "class_pass",
        name: DEMO_PASS.name,
        description: "Ten classes of your choice within three months.",
        classAllowance: 10,
        validityDays: 90,
        status: "active",
        prices: [{ amount: DEMO_PASS.amount, currency: DEMO_PASS.currency }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = (await created.json()) as { id: string; prices: { id: string }[] };
    return { productId: product.id, priceId: product.prices[0]!.id };
  } finally {
    await admin.dispose();
  }
}

/** The first scheduled class of the demo studio that starts at least `hoursAhead` from now and has room. */
export async function upcomingDemoClass(hoursAhead = 3): Promise<{ instance: Instance; title: string }> {
  const api = await request.newContext({ baseURL: E2E_URL });
  try {
    const response = await api.get("/api/public/accounts/demo/events");
    expect(response.status()).toBe(200);
    const { events, instances } = (await response.json()) as { events: PublicEvent[]; instances: Instance[] };
    const after = Date.now() + hoursAhead * 3_600_000;
    const instance = instances.find(
      (candidate) =>
        candidate.status === "scheduled" && Date.parse(candidate.startsAt) > after && candidate.spotsLeft > 0,
    );
    if (!instance) throw new Error("the demo studio has no upcoming class with room");
    return { instance, title: events.find((event) => event.id === instance.eventId)!.title };
  } finally {
    await api.dispose();
  }
}

/**
 * A one-off class of the demo studio starting `minutesAhead` from now (so its check-in is open),
 * taught by the demo teacher persona, with one demo attendee (given a pass at the desk) booked in,
 * and another given a pass but not booked (a walk-in).
 */
export async function demoClassForTeacher(
  title: string,
  minutesAhead = 10,
): Promise<{ instanceId: string; attendee: string; walkIn: string }> {
  const teacher = await demoApi("teacher");
  const admin = await demoApi("administrator");
  try {
    const me = (await (await teacher.get("/api/me")).json()) as { id?: string; user?: { id: string } };
    const teacherId = me.user?.id ?? me.id!;
    const startsAt = new Date(Date.now() + minutesAhead * 60_000);
    const event = await admin.post("/api/events", {
      data: { title, teacherIds: [teacherId], durationMinutes: 60, capacity: 12, startsAt: startsAt.toISOString() },
    });
    expect(event.status(), await event.text()).toBe(201);
    const { id: eventId } = (await event.json()) as { id: string };
    const from = new Date(startsAt.getTime() - 60_000).toISOString();
    const to = new Date(startsAt.getTime() + 60_000).toISOString();
    const instances = (await (
      await admin.get(`/api/instances?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
    ).json()) as { id: string; eventId: string }[];
    const instanceId = instances.find((instance) => instance.eventId === eventId)!.id;

    const people = (await (await admin.get("/api/demo-auth/users")).json()) as { id: string; displayName: string }[];
    const person = people[people.length - 1]!;
    const { productId, priceId } = await ensureDemoPass();
    const walkIn = people[people.length - 2]!;
    for (const someone of [person, walkIn]) {
      const granted = await admin.post(`/api/users/${someone.id}/entitlements`, { data: { productId, priceId } });
      expect(granted.status(), await granted.text()).toBe(201);
    }
    const booked = await admin.post("/api/bookings", { data: { instanceId, attendeeId: person.id } });
    expect(booked.status(), await booked.text()).toBe(201);
    return { instanceId, attendee: person.displayName, walkIn: walkIn.displayName };
  } finally {
    await teacher.dispose();
    await admin.dispose();
  }
}
