import { describe, expect, it } from "vitest";
import { createSession } from "@/lib/auth/create-session";
import { planOffer } from "@/lib/bookings/offer-plan";
import { listPublicProducts } from "@/lib/commerce/list-public-products";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createTenant } from "@/tests/helpers/fixtures";
import { DEMO_EMAIL_DOMAIN, DEMO_FIXTURE, demoSeasonOn } from "./demo-fixture";
import { resetDemo } from "./reset-demo";
import { seedDemo } from "./seed-demo";

// One database per file: the tests run in order and each starts from what the previous left.
const DAY_MS = 86_400_000;
const emailOf = (key: string) => `${key}@${DEMO_EMAIL_DOMAIN}`;
const bookingsCount = DEMO_FIXTURE.bookings.reduce((sum, b) => sum + b.attendeeKeys.length, 0);
const offerClass = DEMO_FIXTURE.waitlistOffer;
/** The waitlist class's bookings: the booked, and the waitlisted (one of them offered a place). */
const offerClassCount = offerClass.bookedKeys.length + offerClass.waitlistKeys.length;

async function userId(key: string) {
  return (await db.user.findUniqueOrThrow({ where: { email: emailOf(key) } })).id;
}

async function offerEventId(accountId: string) {
  const title = DEMO_FIXTURE.events.find((event) => event.key === offerClass.eventKey)!.title;
  return (await db.event.findFirstOrThrow({ where: { accountId, title } })).id;
}

async function adminToken(accountId: string) {
  const admin = await userId(DEMO_FIXTURE.administrator.key);
  return (await createSession({ userId: admin, accountId, kind: "demo" })).token;
}

describe("the demo fixture's commerce", () => {
  it("grants only its own products and prices to attendees, and books only what their credits cover", () => {
    const attendees = new Set(DEMO_FIXTURE.attendees.map((p) => p.key));
    const events = new Set(DEMO_FIXTURE.events.map((e) => e.key));
    const products = new Map(DEMO_FIXTURE.products.map((p) => [p.key, p]));
    const credits = new Map<string, number>();
    for (const grant of DEMO_FIXTURE.entitlements) {
      expect(attendees).toContain(grant.personKey);
      const product = products.get(grant.productKey)!;
      expect(product.prices[grant.priceIndex]).toBeDefined();
      const allowance =
        product.type === "drop_in" ? 1 : product.type === "subscription" ? Infinity : product.classAllowance!;
      credits.set(grant.personKey, allowance);
    }
    expect(credits.size).toBe(DEMO_FIXTURE.entitlements.length); // one entitlement each
    for (const booking of DEMO_FIXTURE.bookings) {
      expect(events).toContain(booking.eventKey);
      expect(new Set(booking.attendeeKeys).size).toBe(booking.attendeeKeys.length);
      for (const key of booking.attendeeKeys) credits.set(key, credits.get(key)! - 1);
    }
    // the waitlist class: its booked take a credit each, and each in line can pay for the place (to join)
    const { eventKey, bookedKeys, waitlistKeys } = DEMO_FIXTURE.waitlistOffer;
    expect(events).toContain(eventKey);
    for (const key of [...bookedKeys, ...waitlistKeys]) credits.set(key, credits.get(key)! - 1);
    expect([...credits.values()].every((left) => left >= 0)).toBe(true);
  });

  it("names the season by the half-year in Copenhagen", () => {
    expect(demoSeasonOn(new Date("2026-11-21T12:00:00Z"), "Europe/Copenhagen")).toEqual({
      name: "Efterår 2026",
      startsAt: new Date("2026-06-30T22:00:00Z"),
      endsAt: new Date("2026-12-31T23:00:00Z"),
    });
    // New Year's Eve 23:30 UTC is already 1 January in Copenhagen
    expect(demoSeasonOn(new Date("2026-12-31T23:30:00Z"), "Europe/Copenhagen")).toEqual({
      name: "Forår 2027",
      startsAt: new Date("2026-12-31T23:00:00Z"),
      endsAt: new Date("2027-06-30T22:00:00Z"),
    });
  });
});

/** The moment the seed wrote the studio (its present desk grants' payment time, its first product's
 * creation), not the test's own "now": a class that starts in the seconds between the two was
 * bookable at seed time. */
async function seededAt(accountId: string): Promise<Date> {
  return (await db.product.findFirstOrThrow({ where: { accountId }, orderBy: { createdAt: "asc" } })).createdAt;
}

describe("the seeded demo studio", () => {
  it("sells a drop-in, a 10-class pass with a youth price and a monthly subscription in DKK, an intro offer to newcomers first; the workshop is a draft", async () => {
    const { accountId } = await seedDemo();
    expect(await db.product.count({ where: { accountId } })).toBe(6 + DEMO_FIXTURE.courses.length);

    const [intro, ...products] = await listPublicProducts({ slug: "demo" });
    expect(intro).toMatchObject({
      name: "Intro: 2 uger for 199 kr.",
      newcomersOnly: true,
      classAllowance: 10,
      validityDays: 14,
    });
    expect(intro!.prices.map((p) => p.amount)).toEqual([19_900]);
    const ida = await db.user.findUniqueOrThrow({ where: { email: "ida.holm@demo.studio-booking.test" } });
    expect((await listPublicProducts({ slug: "demo", viewerId: ida.id })).map((p) => p.name)).not.toContain(
      intro!.name,
    );
    expect(products.map((p) => [p.type, p.name, p.status])).toEqual([
      ["drop_in", "Enkelttime", "active"],
      ["class_pass", "10-klippekort", "active"],
      ["subscription", "Månedskort", "active"],
      ["class_pass", "Børnedans, 10 gange", "active"],
    ]);
    const [dropIn, pass, monthly, kidsDance] = products;
    // a child price on the children's dance pass (decision 0038)
    expect(kidsDance!.prices.map((p) => [p.amount, p.minAge, p.maxAge])).toEqual([
      [110_000, null, null],
      [70_000, null, 12],
    ]);
    expect(dropIn!.prices.map((p) => [p.amount, p.currency])).toEqual([[15_000, "DKK"]]);
    expect(pass).toMatchObject({ classAllowance: 10, validityDays: 180, eligibleEventIds: [] });
    expect(pass!.prices.map((p) => [p.amount, p.currency, p.minAge, p.maxAge])).toEqual([
      [125_000, "DKK", null, null],
      [90_000, "DKK", null, 25],
    ]);
    expect(monthly!.prices.map((p) => [p.amount, p.interval, p.intervalCount])).toEqual([[59_900, "month", 1]]);

    const workshop = await db.product.findFirstOrThrow({ where: { accountId, type: "workshop" } });
    expect(workshop.status).toBe("draft");

    const response = await api("GET", "/public/accounts/demo/products");
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toContain("Workshop");
  });

  it("sells a six-week beginners' course on Tuesdays from next week, two seats left, trial classes allowed", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = await seededAt(account.id);
    const [course] = (await listPublicProducts({ slug: "demo", courses: true, now })).filter((p) => p.course);
    expect(course).toMatchObject({ type: "workshop", name: "Yoga for begyndere – 6 uger", status: "active" });
    expect(course!.course).toMatchObject({ classes: 6, seatsLeft: 2 });
    expect(course!.course!.firstStartsAt!.getTime()).toBeGreaterThan(now.getTime());
    const event = await db.event.findUniqueOrThrow({ where: { id: course!.course!.eventId } });
    expect(event.dropInsAllowed).toBe(true);
    const classes = await db.instance.findMany({ where: { eventId: event.id }, orderBy: { startsAt: "asc" } });
    expect(classes.map((lesson) => lesson.bookedCount)).toEqual([6, 6, 6, 6, 6, 6]);
    expect(classes[5]!.startsAt.getTime() - classes[0]!.startsAt.getTime()).toBeGreaterThanOrEqual(
      35 * DAY_MS - 3_600_000,
    );
    // the enrolled hold one unlimited entitlement each, valid until the last class ends, paid at the desk before
    const enrolments = await db.entitlement.findMany({ where: { productId: course!.id }, include: { order: true } });
    expect(enrolments).toHaveLength(6);
    for (const enrolment of enrolments) {
      expect(enrolment).toMatchObject({ remainingClasses: null, status: "active", validUntil: classes[5]!.endsAt });
      expect(enrolment.order!.paidAt!.getTime()).toBeLessThan(now.getTime());
    }
  });

  it("has the current season, active", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const seasons = await db.season.findMany({ where: { accountId: account.id } });
    const now = await seededAt(account.id);
    expect(seasons).toHaveLength(1);
    expect(seasons[0]).toMatchObject({ ...demoSeasonOn(now, "Europe/Copenhagen"), status: "active" });
    expect(seasons[0]!.startsAt <= now && now < seasons[0]!.endsAt).toBe(true);
  });

  it("gave five attendees a desk-paid pass, subscription or drop-in, less the classes they booked", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = await seededAt(account.id);
    // what was paid as the studio was written (the past's orders: demo-past.test.ts)
    const orders = await db.order.findMany({ where: { accountId: account.id, paidAt: now } });
    expect(orders).toHaveLength(DEMO_FIXTURE.entitlements.length);
    expect(orders.every((o) => o.provider === "desk" && o.status === "paid" && o.currency === "DKK" && o.paidAt)).toBe(
      true,
    );

    const entitlements = await db.entitlement.findMany({
      where: { accountId: account.id, validFrom: now },
      include: { user: true, product: true },
    });
    const byPerson = new Map(entitlements.map((e) => [e.user.email, e]));
    expect(byPerson.size).toBe(5);
    expect(byPerson.get(emailOf("ida.holm"))).toMatchObject({ remainingClasses: 7, status: "active" });
    expect(byPerson.get(emailOf("ida.holm"))!.product.type).toBe("class_pass");
    // Freja (born 2004) paid the youth price
    const freja = byPerson.get(emailOf("freja.nielsen"))!;
    expect(freja).toMatchObject({ remainingClasses: 8, status: "active" });
    expect(orders.find((o) => o.id === freja.orderId)!.amount).toBe(90_000);
    expect(byPerson.get(emailOf("sofie.pedersen"))).toMatchObject({ remainingClasses: 0, status: "exhausted" });
    const mads = byPerson.get(emailOf("mads.jensen"))!;
    expect(mads).toMatchObject({ remainingClasses: null, status: "active" });
    expect(mads.validUntil!.getTime() - mads.validFrom.getTime()).toBeGreaterThanOrEqual(28 * DAY_MS);
    expect(byPerson.has(emailOf("emil.christensen"))).toBe(false);
    expect(byPerson.has(emailOf("anna.larsen"))).toBe(false);
  });

  it("has a walk-in without an email and a child whose guardian paid, each holding a paid order", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = await seededAt(account.id);
    const held = await db.order.findMany({
      where: { accountId: account.id, user: { displayName: { in: ["Sara Bach", "Karl Holm"] } } },
      include: { user: { include: { guardian: true } }, product: true },
      orderBy: { paidAt: "asc" },
    });
    expect(
      held.map((o) => [o.user.displayName, o.product.name, o.amount, o.provider, o.status, o.receiptNumber !== null]),
    ).toEqual([
      ["Karl Holm", "Børnedans, 10 gange", 70_000, "demo", "paid", true],
      ["Sara Bach", "Enkelttime", 15_000, "desk", "paid", true],
    ]);
    expect(held.every((o) => o.paidAt! < now && /\.invalid$/.test(o.user.email))).toBe(true);
    expect(held.map((o) => o.user.guardian?.displayName ?? null)).toEqual(["Mette Holm", null]);
  });

  it("booked upcoming classes inside the booking window, counted on each class; one is nearly full", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = (await seededAt(account.id)).getTime();
    // the course's places are its enrolments' (the test above)
    const courseEvents = (
      await db.product.findMany({ where: { accountId: account.id, courseEventId: { not: null } } })
    ).map((product) => product.courseEventId!);
    // … and the waitlist class's, the test below
    const otherEvents = [...courseEvents, await offerEventId(account.id)];
    const upcoming = {
      accountId: account.id,
      instance: { startsAt: { gt: new Date(now) }, eventId: { notIn: otherEvents } },
    };
    const bookings = await db.booking.findMany({ where: upcoming, include: { instance: true } });
    expect(bookings).toHaveLength(bookingsCount);
    expect(bookings.every((b) => b.status === "confirmed" && b.entitlementId !== null)).toBe(true);
    for (const { instance } of bookings) {
      expect(instance.startsAt.getTime()).toBeGreaterThan(now);
      expect(instance.startsAt.getTime()).toBeLessThanOrEqual(now + 14 * DAY_MS);
    }
    const perInstance = new Map<string, number>();
    for (const b of bookings) perInstance.set(b.instanceId, (perInstance.get(b.instanceId) ?? 0) + 1);
    expect(perInstance.size).toBe(DEMO_FIXTURE.bookings.length);
    // Mads keeps a standing place in Yin Yoga's series, whose classes open for booking are his
    const standing = await db.standingBooking.findMany({
      where: { accountId: account.id },
      include: { user: true, series: { include: { event: true } } },
    });
    expect(standing.map((place) => [place.user.email, place.series.event.title, place.status])).toEqual([
      [emailOf("mads.jensen"), "Yin Yoga", "active"],
    ]);
    expect(account.standingBookings).toBe(true);
    const counted = await db.instance.findMany({
      where: {
        accountId: account.id,
        bookedCount: { gt: 0 },
        startsAt: { gt: new Date(now) },
        eventId: { notIn: otherEvents },
      },
    });
    expect(new Map(counted.map((i) => [i.id, i.bookedCount]))).toEqual(perInstance);
    const nearlyFull = counted.filter((i) => i.capacity - i.bookedCount === 1);
    expect(nearlyFull).toHaveLength(1);
    expect(nearlyFull[0]).toMatchObject({ capacity: 6, bookedCount: 5 });

    // the administrator sees the roster, the first demo attendee her bookings
    const token = await adminToken(account.id);
    const roster = await api("GET", `/instances/${nearlyFull[0]!.id}/roster`, { token });
    expect(roster.status).toBe(200);
    expect(roster.body).toHaveLength(5);
    const ida = await createSession({ userId: await userId("ida.holm"), accountId: account.id, kind: "demo" });
    const from = encodeURIComponent(new Date(now).toISOString());
    const mine = await api("GET", `/me/bookings?from=${from}`, { token: ida.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((entry: { event: { title: string } }) => entry.event.title).sort()).toEqual([
      "Morgenvinyasa",
      "Måttepilates",
      "Yin Yoga",
      "Yoga for begyndere",
    ]);
  });

  it("waitlists in offer mode: a full Tuesday Måttepilates a few days ahead holds the place it gained for Ida, Freja behind her", async () => {
    const account = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const now = (await seededAt(account.id)).getTime();
    expect(account).toMatchObject(offerClass.policy);
    const [instance, ...later] = await db.instance.findMany({
      where: {
        accountId: account.id,
        eventId: await offerEventId(account.id),
        startsAt: { gt: new Date(now) },
        bookings: { some: {} },
      },
      include: { bookings: { include: { attendee: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
    });
    expect(later).toHaveLength(0);
    // beyond the auto window, inside the booking window
    expect(instance!.startsAt.getTime()).toBeGreaterThanOrEqual(now + offerClass.daysAhead * DAY_MS);
    expect(instance!.startsAt.getTime()).toBeLessThanOrEqual(now + 14 * DAY_MS);
    expect(instance!.startsAt.toLocaleDateString("en-GB", { weekday: "long", timeZone: "Europe/Copenhagen" })).toBe(
      "Tuesday",
    );
    // the held place is counted: the class is full
    expect(instance).toMatchObject({ capacity: 3, bookedCount: 3, waitlistCount: 2 });
    const held = instance!.bookings.map((b) => [b.attendee.email, b.status, b.offerExpiresAt !== null]);
    expect(held).toEqual([
      [emailOf("mads.jensen"), "confirmed", false],
      [emailOf("lars.andersen"), "confirmed", false],
      [emailOf("ida.holm"), "waitlisted", true],
      [emailOf("freja.nielsen"), "waitlisted", false],
    ]);
    const offer = instance!.bookings[2]!;
    // held waitlistOfferMinutes from the reset, unless that falls in the studio's quiet hours
    expect(account).toMatchObject({ quietHoursFrom: "22:00", quietHoursTo: "08:00" });
    const planned = planOffer({
      now: new Date(now),
      startsAt: instance!.startsAt,
      policy: { ...offerClass.policy, quietHours: { from: "22:00", to: "08:00" }, timezone: account.timezone },
    })!.expiresAt.getTime();
    expect(offer.offerExpiresAt!.getTime()).toBeGreaterThanOrEqual(planned);
    expect(offer.offerExpiresAt!.getTime()).toBeLessThan(planned + 120_000);

    // Ida claims it (before it lapses): confirmed, a credit taken from her pass
    const ida = await createSession({ userId: await userId("ida.holm"), accountId: account.id, kind: "demo" });
    const claimed = await api("POST", `/bookings/${offer.id}/claim`, { token: ida.token });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body).toMatchObject({ status: "confirmed", offerExpiresAt: null });
    expect(await db.instance.findUniqueOrThrow({ where: { id: instance!.id } })).toMatchObject({
      bookedCount: 3,
      waitlistCount: 1,
    });
  });

  it("resets to a fresh copy of its commerce and bookings, leaving other tenants' as they are", async () => {
    const old = await db.account.findUniqueOrThrow({ where: { slug: "demo" } });
    const other = await createTenant({ name: "Other Studio" });
    const otherProduct = await db.product.create({
      data: { accountId: other.accountId, type: "drop_in", name: "Other drop-in", status: "active" },
    });
    // the demo attendee spends a credit after seeding; reset gives the fixture's state back
    const ida = await db.entitlement.findFirstOrThrow({
      where: { accountId: old.id, validFrom: await seededAt(old.id), user: { email: emailOf("ida.holm") } },
    });
    await db.entitlement.update({ where: { id: ida.id }, data: { remainingClasses: 1 } });

    const started = performance.now();
    const { accountId } = await resetDemo();
    const elapsed = performance.now() - started;
    console.info(`demo reset took ${Math.round(elapsed)} ms`);

    const where = { accountId: old.id };
    const left = await Promise.all([
      db.product.count({ where }),
      db.price.count({ where }),
      db.season.count({ where }),
      db.order.count({ where }),
      db.entitlement.count({ where }),
      db.booking.count({ where }),
    ]);
    expect(left).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await db.product.count({ where: { accountId } })).toBe(6 + DEMO_FIXTURE.courses.length);
    expect(await db.season.count({ where: { accountId } })).toBe(1);
    const now = await seededAt(accountId);
    expect(await db.order.count({ where: { accountId, paidAt: now } })).toBe(5);
    const enrolled = DEMO_FIXTURE.courses.reduce((sum, c) => sum + c.enrolledKeys.length * c.classes, 0);
    expect(await db.booking.count({ where: { accountId, instance: { startsAt: { gt: now } } } })).toBe(
      bookingsCount + enrolled + offerClassCount,
    );
    const fresh = await db.entitlement.findFirstOrThrow({
      where: { accountId, validFrom: now, user: { email: emailOf("ida.holm") } },
    });
    expect(fresh.remainingClasses).toBe(7);
    expect(await db.product.findUnique({ where: { id: otherProduct.id } })).toEqual(otherProduct);
  });
});
