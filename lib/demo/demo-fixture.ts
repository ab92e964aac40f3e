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

export type DemoFixture = {
  account: { slug: string; name: string; timezone: string; locale: string; currency: string };
  administrator: DemoPerson;
  /** In the order GET /demo-auth/users lists them; the first is the default attendee persona. */
  attendees: DemoPerson[];
  groups: DemoGroup[];
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
  groups: [{ name: "Morning regulars", memberKeys: ["ida.holm", "mads.jensen", "lars.andersen"] }],
};
