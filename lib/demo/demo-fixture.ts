// The canonical demo tenant (decisions §2), as data. lib/demo/write-demo-fixture.ts writes it;
// seeding and reset both go through that one writer. People are referred to by `key` so that later
// sections (locations, presets, events, series, products, seasons, bookings) can name them
// without knowing database ids. Emails use a reserved domain (.test never resolves).
import { startOfLocalDay } from "@/lib/studio-time/day";
import { studioDate } from "@/lib/studio-time/studio-date";
import { addWeeks, weekStart } from "@/lib/studio-time/week";
import { demoClientele } from "./demo-clientele";
import type { DemoPerson } from "./demo-person";

export const DEMO_SLUG = "demo";
export const DEMO_EMAIL_DOMAIN = "demo.studio-booking.test";

export type DemoGroup = { name: string; memberKeys: string[] };

export type DemoLocation = { key: string; name: string; address: string; capacity: number };
export type DemoDurationPreset = { name: string; minutes: number };
export type DemoEvent = {
  key: string;
  title: string;
  description: string;
  locationKey: string;
  durationMinutes: number;
  /** People (administrator, teachers or attendees) by key. */
  teacherKeys: string[];
  /** A children's class: the adult regulars' past (history) leaves it out. */
  withoutHistory?: boolean;
};
/** A member's child (decision 0038): an attendee without an email, booked and paid for by the guardian. */
export type DemoDependant = { key: string; guardianKey: string; displayName: string; dateOfBirth: string };
/** Someone added at the door without an email (issue 43 §5): an attendee with a stand-in address. */
export type DemoWalkIn = { key: string; displayName: string };
/**
 * A paid order held by someone without an email (a walk-in, or a child whose guardian paid),
 * `daysAgo` days before the fixture is written (lib/demo/write-demo-without-email.ts).
 */
export type DemoOrderWithoutEmail = {
  personKey: string;
  productKey: string;
  /** Index into the product's prices. */
  priceIndex: number;
  provider: "desk" | "demo";
  daysAgo: number;
};
/**
 * A weekly series from the Monday `history.weeks` weeks before the week the fixture is written, in
 * the account's timezone: its past, then `weeks` weeks from this week's Monday on.
 */
export type DemoSeries = {
  eventKey: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  localStartTime: string;
  /** Weeks from this week's Monday; the count is (`history.weeks` + `weeks`) × the number of weekdays. */
  weeks: number;
};

/**
 * Someone who came to classes in the studio's past, paying with one product: a 10-klippekort bought
 * when the last ran out, a drop-in bought before each class, or a Månedskort paid at the desk month
 * by month. How often they came, and to what, the writer draws from the seed.
 */
export type DemoRegular = {
  personKey: string;
  productKey: string;
  /** Events they mostly come to; drawn from the seed when absent. */
  favourites?: string[];
};

/**
 * The studio's past (lib/demo/write-demo-history.ts): `weeks` weeks of classes before this week's
 * Monday, and this week's classes that have started, booked, cancelled and attended by `regulars`
 * through the rules of real bookings evaluated as of each seeded moment. `seed` makes it the same on
 * every reset with the same `now`.
 */
export type DemoHistory = { weeks: number; seed: number; regulars: DemoRegular[] };

export type DemoPrice = {
  /** Minor units (øre). */
  amount: number;
  interval?: "week" | "month" | "year";
  /** Paid in this many monthly instalments (a course's price). */
  instalments?: number;
  minAge?: number;
  maxAge?: number;
};
export type DemoProduct = {
  key: string;
  type: "drop_in" | "class_pass" | "subscription" | "workshop" | "teacher_training" | "custom";
  name: string;
  description: string;
  status: "draft" | "active" | "archived";
  classAllowance?: number;
  validityDays?: number;
  /** An intro offer: only a newcomer may buy it (issue 33 §5). */
  newcomersOnly?: boolean;
  /** In the order of the price list; the first is the standard price. */
  prices: DemoPrice[];
};
/** A desk grant (paid Order with provider `desk` and its entitlement), given when the fixture is written. */
export type DemoEntitlement = {
  personKey: string;
  productKey: string;
  /** Index into the product's prices. */ priceIndex: number;
};
/**
 * Confirmed bookings of one upcoming class: the `nth` (0-based) instance of the event that starts
 * after the fixture is written, inside the 14-day booking window: every event meets weekly, so its
 * first is at most a week ahead; use nth 1 only for an event that meets several times a week (the
 * second of a weekly class can be 14 days and an hour ahead across a change of daylight saving).
 * Each attendee's place is booked by the rules of a real booking (book_place) as of the moment the
 * fixture is written, and takes a credit from their entitlement.
 */
export type DemoBookings = {
  eventKey: string;
  nth: 0 | 1;
  attendeeKeys: string[];
  /** A smaller class than the location holds (an administrator's per-class change). */
  capacity?: number;
};

/**
 * A course ("forløb", issue 32): an event of its own meeting weekly `classes` times from the Monday
 * `startsInWeeks` weeks after this week's, and the product whose purchase enrols its buyer in every
 * class. `enrolledKeys` bought it at the desk over the days before the fixture is written (one a day,
 * the last yesterday) and hold a place in each class, so `capacity` less them are the seats left.
 * With `dropInsAllowed`, a pass may book a single class (a trial class, "prøvetime").
 */
export type DemoCourse = {
  event: DemoEvent & { dropInsAllowed: boolean };
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  localStartTime: string;
  classes: number;
  startsInWeeks: number;
  capacity: number;
  product: Omit<DemoProduct, "type"> & { type: "workshop" | "teacher_training" | "custom" };
  enrolledKeys: string[];
};

/** The studio profile shown on the public site (no logo: the header shows the name alone). */
export type DemoProfile = { description: string; accentColor: string; contactEmail: string; website: string };

/** The legal details its receipts show (PATCH /account's `legal`); the CVR number is made up. */
export type DemoLegal = { legalName: string; legalAddress: string; vatNumber: string; vatRateBasisPoints: number };

/**
 * Strikes for no-shows and late cancellations (lib/demo/write-demo-strikes.ts), turned on after the
 * past is written: everyone starts with a clean slate but `nearBlockKey`, one strike from a block.
 */
export type DemoStrikes = {
  policy: { strikeLimit: number; strikeWindowDays: number; strikeBlockDays: number };
  nearBlockKey: string;
};

/**
 * The studio's fair waitlist (issue 33 §3, decision 0039; lib/demo/write-demo-offer.ts), turned on
 * after the rest is written (the past was booked in the default automatic mode): a freed place is
 * offered to the first in line. One class shows it: the first of `eventKey` on `weekday` that starts
 * at least `daysAhead` days after the fixture is written (beyond the auto window, inside the booking
 * window; the weekday keeps it off the classes the e2e journeys pick),
 * booked full by `bookedKeys` at `capacity`, with `waitlistKeys` in line (joining needs a usable
 * pass or membership); then the studio adds a
 * place, which is offered to the first of them (who can pay for it) and held in the class's count.
 */
export type DemoWaitlistOffer = {
  policy: { waitlistMode: "offer"; waitlistOfferMinutes: number; waitlistAutoWithinMinutes: number };
  eventKey: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  daysAhead: number;
  capacity: number;
  bookedKeys: string[];
  waitlistKeys: string[];
};

export type DemoFixture = {
  account: {
    slug: string;
    name: string;
    timezone: string;
    locale: string;
    currency: string;
    standingBookings?: boolean;
  } & DemoProfile &
    DemoLegal;
  administrator: DemoPerson;
  /** In the order GET /demo-auth/users lists them; the first is the default attendee persona. */
  attendees: DemoPerson[];
  /** Attendees who are not offered as personas: the rest of the studio's clientele. */
  clientele: DemoPerson[];
  /** Members with the teacher persona; the demo teacher persona, the first the default. */
  teachers: DemoPerson[];
  /** Children of attendees, who never sign in (no persona). */
  dependants: DemoDependant[];
  /** Attendees added at the door without an email (no persona). */
  walkIns: DemoWalkIn[];
  /** Orders of the walk-ins and the children, which every page names without an address. */
  ordersWithoutEmail: DemoOrderWithoutEmail[];
  groups: DemoGroup[];
  locations: DemoLocation[];
  durationPresets: DemoDurationPreset[];
  /** All published. */
  events: DemoEvent[];
  series: DemoSeries[];
  /** Written in this order (their creation times keep it on the public product list). */
  products: DemoProduct[];
  entitlements: DemoEntitlement[];
  bookings: DemoBookings[];
  /** Members who keep a standing place in the (first) series of an event; its open classes are in `bookings`. */
  standingPlaces?: { personKey: string; eventKey: string }[];
  /** Written after the rest (the past draws nothing from them); their products after the others. */
  courses: DemoCourse[];
  history: DemoHistory;
  strikes: DemoStrikes;
  waitlistOffer: DemoWaitlistOffer;
};

const person = (key: string, displayName: string, dateOfBirth: string | null = null): DemoPerson => ({
  key,
  email: `${key}@${DEMO_EMAIL_DOMAIN}`,
  displayName,
  dateOfBirth,
});

/** Regulars who pay with `productKey`, from a space-separated list of person keys. */
const regulars = (productKey: string, keys: string): DemoRegular[] =>
  keys.split(" ").map((personKey) => ({ personKey, productKey }));

export const DEMO_FIXTURE: DemoFixture = {
  account: {
    slug: DEMO_SLUG,
    name: "Demo Studio",
    timezone: "Europe/Copenhagen",
    locale: "da-DK",
    currency: "DKK",
    standingBookings: true,
    description:
      "Et lille yogastudie med to sale på Nørrebro og Vesterbro. Vi har hold fra morgen til aften – rolig yin, " +
      "flow og styrke – for både nybegyndere og øvede. Kom ti minutter før første gang; måtter kan lånes.",
    accentColor: "#e07a5f",
    contactEmail: "hej@demo-studio.example",
    website: "https://demo-studio.example",
    legalName: "Demo Studio ApS",
    legalAddress: "Nørrebrogade 1\n2200 København N",
    vatNumber: "DK12345678",
    vatRateBasisPoints: 2500,
  },
  administrator: person("mette.lund", "Mette Lund", "1982-03-14"),
  attendees: [
    person("ida.holm", "Ida Holm", "1990-04-12"),
    person("mads.jensen", "Mads Jensen", "1987-09-02"),
    person("freja.nielsen", "Freja Nielsen", "2004-06-21"),
    person("lars.andersen", "Lars Andersen", "1958-11-30"),
    person("sofie.pedersen", "Sofie Pedersen", "1995-01-08"),
    person("emil.christensen", "Emil Christensen", "2009-07-15"),
    person("anna.larsen", "Anna Larsen", null),
    person("mette.holm", "Mette Holm", "1986-08-19"),
  ],
  clientele: demoClientele(person),
  teachers: [person("clara.holt", "Clara Holt"), person("jonas.berg", "Jonas Berg")],
  dependants: [
    { key: "alma.holm", guardianKey: "mette.holm", displayName: "Alma Holm", dateOfBirth: "2017-05-02" },
    { key: "karl.holm", guardianKey: "mette.holm", displayName: "Karl Holm", dateOfBirth: "2019-09-20" },
  ],
  walkIns: [{ key: "sara.bach", displayName: "Sara Bach" }],
  ordersWithoutEmail: [
    // Sara came in off the street last Saturday: an Enkelttime paid at the desk
    { personKey: "sara.bach", productKey: "drop-in", priceIndex: 0, provider: "desk", daysAgo: 2 },
    // Mette bought Karl the children's pass at the child price: she paid, Karl holds it
    { personKey: "karl.holm", productKey: "kids-dance-10", priceIndex: 1, provider: "demo", daysAgo: 3 },
  ],
  groups: [{ name: "Faste morgengæster", memberKeys: ["ida.holm", "mads.jensen", "lars.andersen"] }],
  locations: [
    { key: "norrebro", name: "Studio Nørrebro", address: "Nørrebrogade 12, 2200 København N", capacity: 20 },
    { key: "vesterbro", name: "Studio Vesterbro", address: "Istedgade 40, 1650 København V", capacity: 12 },
  ],
  durationPresets: [
    { name: "Kort hold", minutes: 45 },
    { name: "Hold", minutes: 60 },
    { name: "Langt hold", minutes: 75 },
  ],
  events: [
    {
      key: "vinyasa",
      title: "Morgenvinyasa",
      description: "Et flydende hold, der giver dagen en god start. For alle niveauer.",
      locationKey: "norrebro",
      durationMinutes: 60,
      teacherKeys: ["mette.lund"],
    },
    {
      key: "yin",
      title: "Yin Yoga",
      description: "Lange, rolige stillinger. Tag varme sokker med.",
      locationKey: "vesterbro",
      durationMinutes: 75,
      teacherKeys: ["clara.holt"],
    },
    {
      key: "power",
      title: "Power Flow",
      description: "Et kraftfuldt flow i højt tempo for øvede.",
      locationKey: "norrebro",
      durationMinutes: 60,
      teacherKeys: ["jonas.berg"],
    },
    {
      key: "beginners",
      title: "Yoga for begyndere",
      description: "Det grundlæggende, trin for trin. Ingen erfaring nødvendig.",
      locationKey: "vesterbro",
      durationMinutes: 60,
      teacherKeys: ["clara.holt", "mette.lund"],
    },
    {
      key: "pilates",
      title: "Måttepilates",
      description: "Styrke og kontrol i kroppens midte, på måtten.",
      locationKey: "norrebro",
      durationMinutes: 45,
      teacherKeys: ["jonas.berg"],
    },
    {
      key: "kids-dance",
      title: "Børnedans",
      description: "Leg, rytme og dans for børn fra 5 til 12 år. Forældre kan vente i foyeren.",
      locationKey: "vesterbro",
      durationMinutes: 45,
      teacherKeys: ["clara.holt"],
      withoutHistory: true,
    },
  ],
  series: [
    { eventKey: "vinyasa", weekdays: [1, 3, 5], localStartTime: "07:00", weeks: 26 },
    { eventKey: "vinyasa", weekdays: [0], localStartTime: "09:30", weeks: 26 },
    { eventKey: "yin", weekdays: [2], localStartTime: "19:00", weeks: 26 },
    { eventKey: "power", weekdays: [4], localStartTime: "17:30", weeks: 26 },
    { eventKey: "beginners", weekdays: [6], localStartTime: "10:00", weeks: 26 },
    { eventKey: "pilates", weekdays: [2, 4], localStartTime: "12:00", weeks: 26 },
    { eventKey: "kids-dance", weekdays: [3], localStartTime: "16:30", weeks: 26 },
  ],
  products: [
    {
      key: "drop-in",
      type: "drop_in",
      name: "Enkelttime",
      description: "Ét hold efter eget valg.",
      status: "active",
      prices: [{ amount: 15_000 }],
    },
    {
      key: "pass-10",
      type: "class_pass",
      name: "10-klippekort",
      description: "Ti hold inden for 180 dage. Ungdomspris til og med 25 år.",
      status: "active",
      classAllowance: 10,
      validityDays: 180,
      prices: [{ amount: 125_000 }, { amount: 90_000, maxAge: 25 }],
    },
    {
      key: "monthly",
      type: "subscription",
      name: "Månedskort",
      description: "Fri adgang til alle hold, fornyes hver måned.",
      status: "active",
      prices: [{ amount: 59_900, interval: "month" }],
    },
    {
      key: "workshop",
      type: "workshop",
      name: "Workshop: Armbalancer",
      description: "En workshop på tre timer. Dato følger.",
      status: "draft",
      classAllowance: 1,
      prices: [{ amount: 45_000 }],
    },
    {
      key: "intro",
      type: "class_pass",
      name: "Intro: 2 uger for 199 kr.",
      description: "Prøv os af: op til 10 hold på 14 dage. Kun for nye kunder.",
      status: "active",
      classAllowance: 10,
      validityDays: 14,
      newcomersOnly: true,
      prices: [{ amount: 19_900 }],
    },
    {
      key: "kids-dance-10",
      type: "class_pass",
      name: "Børnedans, 10 gange",
      description: "Ti gange Børnedans inden for 180 dage. Børnepris til og med 12 år.",
      status: "active",
      classAllowance: 10,
      validityDays: 180,
      prices: [{ amount: 110_000 }, { amount: 70_000, maxAge: 12 }],
    },
  ],
  entitlements: [
    { personKey: "ida.holm", productKey: "pass-10", priceIndex: 0 },
    { personKey: "mads.jensen", productKey: "monthly", priceIndex: 0 },
    { personKey: "freja.nielsen", productKey: "pass-10", priceIndex: 1 },
    { personKey: "lars.andersen", productKey: "monthly", priceIndex: 0 },
    { personKey: "sofie.pedersen", productKey: "drop-in", priceIndex: 0 },
  ],
  bookings: [
    {
      eventKey: "yin",
      nth: 0,
      attendeeKeys: ["ida.holm", "mads.jensen", "freja.nielsen", "lars.andersen", "sofie.pedersen"],
      capacity: 6,
    },
    { eventKey: "vinyasa", nth: 0, attendeeKeys: ["ida.holm", "mads.jensen", "lars.andersen"] },
    { eventKey: "vinyasa", nth: 1, attendeeKeys: ["mads.jensen", "lars.andersen"] },
    { eventKey: "power", nth: 0, attendeeKeys: ["freja.nielsen"] },
    { eventKey: "beginners", nth: 0, attendeeKeys: ["ida.holm"] },
    // Mads keeps a standing place in Yin Yoga: its two classes open for booking are his already
    { eventKey: "yin", nth: 1, attendeeKeys: ["mads.jensen"] },
  ],
  standingPlaces: [{ personKey: "mads.jensen", eventKey: "yin" }],
  courses: [
    {
      event: {
        key: "beginners-course",
        title: "Yoga for begyndere – 6 uger",
        description:
          "Seks tirsdage, hvor vi bygger det grundlæggende op trin for trin: åndedræt, de første stillinger og " +
          "afspænding. Ingen erfaring nødvendig. Vil du prøve først, kan du booke en enkelt prøvetime.",
        locationKey: "vesterbro",
        durationMinutes: 75,
        teacherKeys: ["clara.holt"],
        dropInsAllowed: true,
      },
      weekday: 2,
      localStartTime: "17:30",
      classes: 6,
      startsInWeeks: 1,
      capacity: 8,
      product: {
        key: "beginners-course",
        type: "workshop",
        name: "Yoga for begyndere – 6 uger",
        description: "Et forløb på seks tirsdage med fast plads på holdet hver gang.",
        status: "active",
        // at once, or in three monthly instalments of 300 kr.
        prices: [{ amount: 90_000 }, { amount: 90_000, instalments: 3 }],
      },
      enrolledKeys: [
        "maja.kristensen",
        "karoline.rasmussen",
        "cecilie.johansen",
        "signe.mortensen",
        "julie.knudsen",
        "nanna.dahl",
      ],
    },
  ],
  history: {
    weeks: 8,
    seed: 20_260_416,
    regulars: [
      { personKey: "ida.holm", productKey: "pass-10", favourites: ["vinyasa"] },
      { personKey: "mads.jensen", productKey: "monthly", favourites: ["vinyasa"] },
      { personKey: "lars.andersen", productKey: "monthly", favourites: ["vinyasa"] },
      ...regulars(
        "pass-10",
        "freja.nielsen maja.kristensen karoline.rasmussen cecilie.johansen signe.mortensen mikkel.olsen julie.knudsen nanna.dahl katrine.lind mathilde.schmidt astrid.klausen josefine.krogh marie.eriksen emma.skov laura.bech",
      ),
      ...regulars(
        "monthly",
        "oliver.thomsen rasmus.moeller louise.madsen henrik.soerensen camilla.hansen anders.nygaard line.frandsen niels.holst christian.winther birgitte.friis",
      ),
      ...regulars(
        "drop-in",
        "sofie.pedersen magnus.poulsen jakob.joergensen thomas.vestergaard soeren.bak peter.bruun jens.villadsen kasper.lauridsen tobias.kjaer victor.juhl",
      ),
    ],
  },
  strikes: { policy: { strikeLimit: 3, strikeWindowDays: 30, strikeBlockDays: 7 }, nearBlockKey: "lars.andersen" },
  // Ida (the default attendee persona) is offered the place a Tuesday's Måttepilates gains; Freja waits behind her
  waitlistOffer: {
    policy: { waitlistMode: "offer", waitlistOfferMinutes: 240, waitlistAutoWithinMinutes: 120 },
    eventKey: "pilates",
    weekday: 2,
    daysAhead: 2,
    capacity: 2,
    bookedKeys: ["mads.jensen", "lars.andersen"],
    waitlistKeys: ["ida.holm", "freja.nielsen"],
  },
};

/**
 * The studio's season on `date` in `timezone`: "Forår YYYY" (1 January to 1 July) or "Efterår YYYY"
 * (1 July to 1 January), from local midnight to local midnight (the end is exclusive).
 */
export function demoSeasonOn(date: Date, timezone: string): { name: string; startsAt: Date; endsAt: Date } {
  const [year, month] = studioDate(date, timezone).split("-").map(Number) as [number, number];
  const spring = month <= 6;
  return {
    name: `${spring ? "Forår" : "Efterår"} ${year}`,
    startsAt: startOfLocalDay(spring ? `${year}-01-01` : `${year}-07-01`, timezone),
    endsAt: startOfLocalDay(spring ? `${year}-07-01` : `${year + 1}-01-01`, timezone),
  };
}

/** The Monday (a studio date) the programme starts: `history.weeks` weeks before `now`'s week. */
export function programmeStartsOn(fixture: DemoFixture, now: Date): string {
  return addWeeks(weekStart(studioDate(now, fixture.account.timezone)), -fixture.history.weeks);
}
