// The canonical demo tenant (decisions §2), as data. lib/demo/write-demo-fixture.ts writes it;
// seeding and reset both go through that one writer. People are referred to by `key` so that later
// sections (locations, presets, events, series, products, seasons, bookings) can name them
// without knowing database ids. Emails use a reserved domain (.test never resolves).

export const DEMO_SLUG = "demo";
export const DEMO_EMAIL_DOMAIN = "demo.studio-booking.test";

export type DemoPerson = {
  key: string;
  email: string;
  displayName: string;
  /** YYYY-MM-DD, for age-restricted prices. */
  dateOfBirth: string | null;
};

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
};
/** A weekly series from the Monday of the week the fixture is written, in the account's timezone. */
export type DemoSeries = {
  eventKey: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  localStartTime: string;
  /** Bounded by count: `weeks` × the number of weekdays. */
  weeks: number;
};

export type DemoFixture = {
  account: { slug: string; name: string; timezone: string; locale: string; currency: string };
  administrator: DemoPerson;
  /** In the order GET /demo-auth/users lists them; the first is the default attendee persona. */
  attendees: DemoPerson[];
  /** Members with the attendee persona who teach; not offered as demo personas. */
  teachers: DemoPerson[];
  groups: DemoGroup[];
  locations: DemoLocation[];
  durationPresets: DemoDurationPreset[];
  /** All published. */
  events: DemoEvent[];
  series: DemoSeries[];
};

const person = (key: string, displayName: string, dateOfBirth: string | null = null): DemoPerson => ({
  key,
  email: `${key}@${DEMO_EMAIL_DOMAIN}`,
  displayName,
  dateOfBirth,
});

export const DEMO_FIXTURE: DemoFixture = {
  account: {
    slug: DEMO_SLUG,
    name: "Demo Studio",
    timezone: "Europe/Copenhagen",
    locale: "da-DK",
    currency: "DKK",
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
  ],
  teachers: [person("clara.holt", "Clara Holt"), person("jonas.berg", "Jonas Berg")],
  groups: [{ name: "Morning regulars", memberKeys: ["ida.holm", "mads.jensen", "lars.andersen"] }],
  locations: [
    { key: "norrebro", name: "Studio Nørrebro", address: "Nørrebrogade 12, 2200 København N", capacity: 20 },
    { key: "vesterbro", name: "Studio Vesterbro", address: "Istedgade 40, 1650 København V", capacity: 12 },
  ],
  durationPresets: [
    { name: "Short class", minutes: 45 },
    { name: "Class", minutes: 60 },
    { name: "Long class", minutes: 75 },
  ],
  events: [
    {
      key: "vinyasa",
      title: "Morning Vinyasa",
      description: "A flowing class to start the day, for every level.",
      locationKey: "norrebro",
      durationMinutes: 60,
      teacherKeys: ["mette.lund"],
    },
    {
      key: "yin",
      title: "Yin Yoga",
      description: "Long, quiet holds; bring warm socks.",
      locationKey: "vesterbro",
      durationMinutes: 75,
      teacherKeys: ["clara.holt"],
    },
    {
      key: "power",
      title: "Power Flow",
      description: "A strong, fast-paced flow for practised students.",
      locationKey: "norrebro",
      durationMinutes: 60,
      teacherKeys: ["jonas.berg"],
    },
    {
      key: "beginners",
      title: "Beginners' Yoga",
      description: "The basics, step by step. No experience needed.",
      locationKey: "vesterbro",
      durationMinutes: 60,
      teacherKeys: ["clara.holt", "mette.lund"],
    },
    {
      key: "pilates",
      title: "Pilates Mat",
      description: "Core strength and control on the mat.",
      locationKey: "norrebro",
      durationMinutes: 45,
      teacherKeys: ["jonas.berg"],
    },
  ],
  series: [
    { eventKey: "vinyasa", weekdays: [1, 3, 5], localStartTime: "07:00", weeks: 26 },
    { eventKey: "vinyasa", weekdays: [0], localStartTime: "09:30", weeks: 26 },
    { eventKey: "yin", weekdays: [2], localStartTime: "19:00", weeks: 26 },
    { eventKey: "power", weekdays: [4], localStartTime: "17:30", weeks: 26 },
    { eventKey: "beginners", weekdays: [6], localStartTime: "10:00", weeks: 26 },
    { eventKey: "pilates", weekdays: [2, 4], localStartTime: "12:00", weeks: 26 },
  ],
};
