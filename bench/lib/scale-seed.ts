// The scale bench's data (issue 16 §5), written with set-based SQL (INSERT … SELECT generate_series):
// `studios` studios; the measured one with `people` members, a weekly programme of WEEKLY classes over
// as many weeks as its bookings need, one class this week with a roster of ROSTER confirmed people,
// one person with PERSON_BOOKINGS bookings and PERSON_ORDERS orders more, an order (one in 20 refunded) and a
// pass per member; every other studio with
// OTHER_PEOPLE members, OTHER_INSTANCES classes and OTHER_BOOKINGS bookings. The triggers of "User"
// and "Membership" (people_search_key, the copies on memberships) run as for any writer.
// Ids are md5-shaped uuids of a name and a number, so that the same shape gives the same ids.
import type pg from "pg";
import { hashToken, newSecretToken } from "@/lib/auth/tokens";

export type ScaleShape = { studios: number; people: number; bookings: number };

/** Issue 16 §5: 50,000 people and 500,000 bookings among 1,000 studios; and 1/100 of it. */
export const FULL: ScaleShape = { studios: 1000, people: 50_000, bookings: 500_000 };
export const SMALL: ScaleShape = { studios: 10, people: 500, bookings: 5_000 };

const WEEKLY = 60;
const ROSTER = 40;
const CAPACITY = 40;
export const PERSON_BOOKINGS = 300;
/** The orders of the person with PERSON_BOOKINGS bookings (besides the pass every member bought), each with a receipt. */
export const PERSON_ORDERS = 100;
const OTHER_PEOPLE = 50;
const OTHER_INSTANCES = 10;
const OTHER_BOOKINGS = 200;
const EVENTS = 6;

/** First and last names the people are made of (their search keys fold ø, æ, å). */
export const FIRST_NAMES = [
  "Søren",
  "Mette",
  "Anne",
  "Jens",
  "Hanne",
  "Lars",
  "Kirsten",
  "Peter",
  "Susanne",
  "Michael",
  "Lene",
  "Henrik",
  "Camilla",
  "Thomas",
  "Louise",
  "Rasmus",
  "Ida",
  "Mads",
  "Freja",
  "Jesper",
  "Ærtebjørg",
  "Bjørn",
  "Åse",
  "Karen",
  "Niels",
  "Marianne",
  "Ole",
  "Birgitte",
  "Morten",
  "Signe",
  "Frederik",
  "Emma",
  "Christian",
  "Julie",
  "Martin",
  "Sofie",
  "Anders",
  "Line",
  "Kasper",
  "Maja",
];
export const LAST_NAMES = [
  "Nielsen",
  "Jensen",
  "Hansen",
  "Pedersen",
  "Andersen",
  "Christensen",
  "Larsen",
  "Sørensen",
  "Rasmussen",
  "Jørgensen",
  "Petersen",
  "Madsen",
  "Kristensen",
  "Olsen",
  "Thomsen",
  "Christiansen",
  "Poulsen",
  "Johansen",
  "Møller",
  "Mortensen",
  "Knudsen",
  "Jakobsen",
  "Mikkelsen",
  "Frederiksen",
  "Laursen",
  "Henriksen",
  "Lund",
  "Schmidt",
  "Eriksen",
  "Holm",
  "Kristiansen",
  "Clausen",
  "Simonsen",
  "Svendsen",
  "Andreasen",
  "Iversen",
  "Jeppesen",
  "Mogensen",
  "Jacobsen",
  "Vestergaard",
  "Nissen",
  "Lauridsen",
  "Jespersen",
  "Kjær",
  "Dahl",
  "Bach",
  "Skov",
  "Østergaard",
  "Brandt",
  "Bæk",
];

/** The n-th measured member's name: first names cycle fastest, so the first 2,000 are all distinct. */
export function personName(n: number): string {
  return `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;
}

export type ScaleSeed = {
  accountId: string;
  adminToken: string;
  /** The member with PERSON_BOOKINGS bookings and PERSON_ORDERS orders more (a web session), and their id. */
  personToken: string;
  personId: string;
  /** The measured studio's address on the public site (its member's page: /{slug}/me). */
  slug: string;
  /** A period of about half of the programme's orders (studio dates), for the orders' filters. */
  orderPeriod: { from: string; to: string };
  rosterInstanceId: string;
  /** The start of this week (Monday 00:00 UTC) and of the next. */
  week: { from: Date; to: Date };
  /** Keys of orders deep in the list (50–90 % of it), for cursors. */
  deepOrderKeys: [string, string][];
  counts: Record<string, number>;
};

const uuid = (sql: string) => `md5(${sql})::uuid::text`;
const MEASURED = `'studio:0'`;

/** Seeds an empty migrated database on `client`; `say` hears each step. */
export async function seedScale(
  client: pg.Client,
  shape: ScaleShape,
  say: (message: string) => void,
): Promise<ScaleSeed> {
  const others = shape.studios - 1;
  const measuredBookings = shape.bookings - others * OTHER_BOOKINGS;
  const instances = WEEKLY * Math.max(Math.ceil(measuredBookings / (CAPACITY / 2) / WEEKLY), 6);
  const weeks = instances / WEEKLY;
  const today = new Date();
  const monday = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7)),
  );
  // the programme's first week: the last but one is next week, the last the week after
  const firstWeek = new Date(monday.getTime() - (weeks - 3) * 7 * 86_400_000);
  const rosterIndex = (weeks - 3) * WEEKLY + WEEKLY / 2;
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, params);
    say(`${label}: ${result.rowCount ?? 0} rows in ${Math.round(performance.now() - started)} ms`);
  };
  const names = `(ARRAY[${FIRST_NAMES.map((n) => `'${n}'`).join(",")}])[1 + n % ${FIRST_NAMES.length}] || ' ' ||
                 (ARRAY[${LAST_NAMES.map((n) => `'${n}'`).join(",")}])[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;

  await step(
    "studios",
    `INSERT INTO "Account" (id, slug, name, timezone, locale)
     SELECT ${uuid(`'studio:' || s`)}, 'scale-' || s, 'Studio ' || s, 'UTC', 'da-DK' FROM generate_series(0, $1) s`,
    [others],
  );
  await step(
    "people of the measured studio",
    `INSERT INTO "User" (id, email, "displayName", "createdAt")
     SELECT ${uuid(`'person:' || n`)}, 'person' || n || '@example.test', ${names}, now() - interval '5 years'
       FROM generate_series(0, $1 - 1) n`,
    [shape.people],
  );
  await step(
    "people of the other studios",
    `INSERT INTO "User" (id, email, "displayName")
     SELECT ${uuid(`'other:' || s || ':' || n`)}, 'other' || s || '-' || n || '@example.test', ${names}
       FROM generate_series(1, $1) s, generate_series(0, $2 - 1) n`,
    [others, OTHER_PEOPLE],
  );
  await step(
    "the administrator",
    `INSERT INTO "User" (id, email, "displayName") VALUES (${uuid(`'admin'`)}, 'admin@example.test', 'Ada Admin')`,
  );
  await step(
    "memberships",
    `INSERT INTO "Membership" ("accountId", "userId", persona)
     SELECT ${uuid(MEASURED)}, ${uuid(`'person:' || n`)}, 'attendee' FROM generate_series(0, $1 - 1) n
     UNION ALL SELECT ${uuid(MEASURED)}, ${uuid(`'admin'`)}, 'administrator'
     UNION ALL SELECT ${uuid(`'studio:' || s`)}, ${uuid(`'other:' || s || ':' || n`)}, 'attendee'
       FROM generate_series(1, $2) s, generate_series(0, $3 - 1) n`,
    [shape.people, others, OTHER_PEOPLE],
  );
  await step(
    "events, products, prices",
    `WITH e AS (
       INSERT INTO "Event" (id, "accountId", title, location, "durationMinutes", capacity, status, "updatedAt")
       SELECT ${uuid(`'event:' || s || ':' || k`)}, ${uuid(`'studio:' || s`)},
              (ARRAY['Hatha','Vinyasa','Yin','Pilates','Ashtanga','Restorative'])[1 + k] || ' yoga', 'Sal ' || (1 + k % 2),
              60, ${CAPACITY}, 'published', now()
         FROM generate_series(0, $1) s, generate_series(0, ${EVENTS - 1}) k RETURNING 1
     ), p AS (
       INSERT INTO "Product" (id, "accountId", type, name, "classAllowance", status, "updatedAt")
       SELECT ${uuid(`'product:' || s`)}, ${uuid(`'studio:' || s`)}, 'class_pass', '10-klippekort', 10, 'active', now()
         FROM generate_series(0, $1) s RETURNING 1
     )
     INSERT INTO "Price" (id, "accountId", "productId", amount, currency)
     SELECT ${uuid(`'price:' || s`)}, ${uuid(`'studio:' || s`)}, ${uuid(`'product:' || s`)}, 120000, 'DKK'
       FROM generate_series(0, $1) s`,
    [others],
  );
  // Each member bought one pass: an order (spread over the programme's years) and its entitlement.
  const members = `SELECT 0 AS s, n, ${uuid(`'person:' || n`)} AS user_id FROM generate_series(0, $1 - 1) n
                   UNION ALL SELECT s, n, ${uuid(`'other:' || s || ':' || n`)} FROM generate_series(1, $2) s, generate_series(0, $3 - 1) n`;
  await step(
    "orders",
    `INSERT INTO "Order" (id, "accountId", "userId", "productId", "priceId", amount, currency, status, provider, "createdAt", "paidAt",
                          "refundedAt")
     SELECT ${uuid(`'order:' || s || ':' || n`)}, ${uuid(`'studio:' || s`)}, user_id, ${uuid(`'product:' || s`)},
            ${uuid(`'price:' || s`)}, 120000, 'DKK', CASE WHEN n % 20 = 19 THEN 'refunded' ELSE 'paid' END, 'desk', t, t,
            CASE WHEN n % 20 = 19 THEN t END
       FROM (SELECT s, n, user_id, $4::timestamptz + (random() * (now() - $4::timestamptz)) AS t FROM (${members}) m) x`,
    [shape.people, others, OTHER_PEOPLE, firstWeek],
  );
  await step(
    "the person's orders",
    `INSERT INTO "Order" (id, "accountId", "userId", "productId", "priceId", amount, currency, status, provider,
                          "createdAt", "paidAt", "receiptNumber")
     SELECT ${uuid(`'mine-order:' || k`)}, ${uuid(MEASURED)}, ${uuid(`'person:0'`)}, ${uuid(`'product:0'`)},
            ${uuid(`'price:0'`)}, 120000, 'DKK', 'paid', 'desk', t, t, 1 + k
       FROM (SELECT k, $2::timestamptz + k * ((now() - $2::timestamptz) / $1) AS t FROM generate_series(0, $1 - 1) k) x`,
    [PERSON_ORDERS, firstWeek],
  );
  await step(
    "entitlements",
    `INSERT INTO "Entitlement" (id, "accountId", "userId", "productId", "orderId", "priceId", "remainingClasses", "validFrom", status)
     SELECT ${uuid(`'pass:' || s || ':' || n`)}, ${uuid(`'studio:' || s`)}, user_id, ${uuid(`'product:' || s`)},
            ${uuid(`'order:' || s || ':' || n`)}, ${uuid(`'price:' || s`)}, 5, $4, 'active'
       FROM (${members}) m`,
    [shape.people, others, OTHER_PEOPLE, firstWeek],
  );
  await step(
    "instances",
    `INSERT INTO "Instance" (id, "accountId", "eventId", "startsAt", "endsAt", capacity)
     SELECT ${uuid(`'instance:0:' || j`)}, ${uuid(MEASURED)}, ${uuid(`'event:0:' || (j % ${EVENTS})`)}, t, t + interval '1 hour', ${CAPACITY}
       FROM (SELECT j, $2::timestamptz + (j / ${WEEKLY}) * interval '7 days' + ((j % ${WEEKLY}) % 7) * interval '1 day'
                       + (7 + (j % ${WEEKLY}) / 7) * interval '1 hour' AS t
               FROM generate_series(0, $1 - 1) j) x
     UNION ALL
     SELECT ${uuid(`'instance:' || s || ':' || j`)}, ${uuid(`'studio:' || s`)}, ${uuid(`'event:' || s || ':' || (j % ${EVENTS})`)},
            t, t + interval '1 hour', ${CAPACITY}
       FROM (SELECT s, j, $3::timestamptz + j * interval '1 day' + interval '17 hours' AS t
               FROM generate_series(1, $4) s, generate_series(0, ${OTHER_INSTANCES - 1}) j) y`,
    [instances, firstWeek, monday, others],
  );
  // The p-th booking of instance j is member 1 + (p + 13 j) mod (people − 1): distinct within an
  // instance; member 0 is the person with PERSON_BOOKINGS bookings, members 1..ROSTER the roster.
  const perInstance = Math.ceil((measuredBookings - PERSON_BOOKINGS - ROSTER) / (instances - 1));
  const status = (p: string) => `CASE WHEN ${p} % 10 = 9 THEN 'cancelled' ELSE 'confirmed' END`;
  await step(
    "bookings of the measured studio",
    `INSERT INTO "Booking" (id, "accountId", "instanceId", "attendeeId", status, "entitlementId", "createdAt")
     SELECT ${uuid(`'booking:0:' || j || ':' || p`)}, ${uuid(MEASURED)}, ${uuid(`'instance:0:' || j`)},
            ${uuid(`'person:' || a`)}, ${status("p")}, ${uuid(`'pass:0:' || a`)}, $5::timestamptz + j * interval '1 minute'
       FROM (SELECT j, p, 1 + (p + 13 * j) % ($2 - 1) AS a
               FROM generate_series(0, $1 - 1) j, generate_series(0, $3 - 1) p
              WHERE j <> $4 AND j * $3 + p < $6) x`,
    [instances, shape.people, perInstance, rosterIndex, firstWeek, measuredBookings - PERSON_BOOKINGS - ROSTER],
  );
  await step(
    "the roster and the person's bookings",
    `INSERT INTO "Booking" (id, "accountId", "instanceId", "attendeeId", status, "entitlementId", "createdAt")
     SELECT ${uuid(`'roster:' || p`)}, ${uuid(MEASURED)}, ${uuid(`'instance:0:' || $1::int`)}, ${uuid(`'person:' || p`)},
            'confirmed', ${uuid(`'pass:0:' || p`)}, now() - (50 - p) * interval '1 minute'
       FROM generate_series(1, ${ROSTER}) p
     UNION ALL
     SELECT ${uuid(`'mine:' || j`)}, ${uuid(MEASURED)}, ${uuid(`'instance:0:' || j`)}, ${uuid(`'person:0'`)},
            ${status("j")}, ${uuid(`'pass:0:0'`)}, $3::timestamptz + j * interval '1 minute'
       FROM (SELECT j FROM generate_series(0, $2 - 1) j
              WHERE j <> $1::int AND ($2 - 1 - j) % greatest(1, ($2 - 1) / ${PERSON_BOOKINGS + 1}) = 0
              ORDER BY j DESC LIMIT ${PERSON_BOOKINGS}) x`,
    [rosterIndex, instances, firstWeek],
  );
  await step(
    "bookings of the other studios",
    `INSERT INTO "Booking" (id, "accountId", "instanceId", "attendeeId", status, "entitlementId")
     SELECT ${uuid(`'booking:' || s || ':' || b`)}, ${uuid(`'studio:' || s`)}, ${uuid(`'instance:' || s || ':' || (b % ${OTHER_INSTANCES})`)},
            ${uuid(`'other:' || s || ':' || (b / ${OTHER_INSTANCES})`)}, ${status("b")},
            ${uuid(`'pass:' || s || ':' || (b / ${OTHER_INSTANCES})`)}
       FROM generate_series(1, $1) s, generate_series(0, ${OTHER_BOOKINGS - 1}) b`,
    [others],
  );
  await step(
    "instance counters",
    `UPDATE "Instance" i SET "bookedCount" = c.n
       FROM (SELECT "instanceId", count(*) AS n FROM "Booking" WHERE status = 'confirmed' GROUP BY 1) c
      WHERE c."instanceId" = i.id`,
  );
  await step("VACUUM ANALYZE", `VACUUM ANALYZE`);
  const counts: Record<string, number> = {};
  for (const table of ["Account", "User", "Membership", "Instance", "Booking", "Order", "Entitlement"]) {
    counts[table] = Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
  }
  const accountId = (await client.query(`SELECT ${uuid(MEASURED)} AS id`)).rows[0].id as string;
  return {
    accountId,
    adminToken: await insertSession(client, accountId, `'admin'`),
    personToken: await insertSession(client, accountId, `'person:0'`),
    personId: (await client.query(`SELECT ${uuid(`'person:0'`)} AS id`)).rows[0].id as string,
    slug: "scale-0",
    orderPeriod: orderPeriod(firstWeek),
    rosterInstanceId: (await client.query(`SELECT ${uuid(`'instance:0:' || $1::int`)} AS id`, [rosterIndex])).rows[0]
      .id,
    week: { from: monday, to: new Date(monday.getTime() + 7 * 86_400_000) },
    deepOrderKeys: await deepOrderKeys(client, accountId, shape.people),
    counts,
  };
}

/** A web session of the user named `who` (as lib/auth/create-session.ts stores one: the token's hash). */
async function insertSession(client: pg.Client, accountId: string, who: string): Promise<string> {
  const token = newSecretToken();
  await client.query(
    `INSERT INTO "Session" ("tokenHash", "userId", "accountId", kind, "expiresAt")
     VALUES ($1, ${uuid(who)}, $2, 'web', now() + interval '30 days')`,
    [hashToken(token), accountId],
  );
  return token;
}

async function deepOrderKeys(client: pg.Client, accountId: string, orders: number): Promise<[string, string][]> {
  const keys: [string, string][] = [];
  for (const depth of [0.5, 0.6, 0.7, 0.8, 0.9]) {
    const { rows } = await client.query<{ createdAt: Date; id: string }>(
      `SELECT "createdAt", id FROM "Order" WHERE "accountId" = $1 ORDER BY "createdAt" DESC, id DESC OFFSET $2 LIMIT 1`,
      [accountId, Math.floor(orders * depth)],
    );
    keys.push([rows[0]!.createdAt.toISOString(), rows[0]!.id]);
  }
  return keys;
}

/** The studio dates (UTC, the studio's timezone) from a quarter into the programme's orders to three quarters. */
function orderPeriod(firstWeek: Date): { from: string; to: string } {
  const span = Date.now() - firstWeek.getTime();
  const date = (fraction: number) => new Date(firstWeek.getTime() + span * fraction).toISOString().slice(0, 10);
  return { from: date(0.25), to: date(0.75) };
}
