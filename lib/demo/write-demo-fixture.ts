import "server-only";
import { DEMO_FIXTURE, type DemoFixture, type DemoPerson } from "./demo-fixture";
import type { DemoTx } from "./demo-transaction";

/** What the sections written so far have created, for the sections after them. */
type Written = { accountId: string; userIds: Map<string, string> };
type Section = (tx: DemoTx, fixture: DemoFixture, written: Written) => Promise<void>;

async function writeAccount(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  await tx.account.create({ data: { id: written.accountId, ...fixture.account, isDemo: true } });
}

/**
 * Identities are global: a fixture address that already exists (it also belongs to another
 * account) is reused as it is, never rewritten, so that other tenants stay untouched.
 */
async function writePerson(tx: DemoTx, person: DemoPerson, persona: "administrator" | "attendee", written: Written) {
  const user = await tx.user.upsert({
    where: { email: person.email },
    update: {},
    create: {
      email: person.email,
      displayName: person.displayName,
      status: "active",
      dateOfBirth: person.dateOfBirth ? new Date(`${person.dateOfBirth}T00:00:00Z`) : null,
    },
  });
  await tx.membership.create({ data: { accountId: written.accountId, userId: user.id, persona } });
  written.userIds.set(person.key, user.id);
}

async function writePeople(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  await writePerson(tx, fixture.administrator, "administrator", written);
  for (const attendee of fixture.attendees) await writePerson(tx, attendee, "attendee", written);
}

async function writeGroups(tx: DemoTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const group of fixture.groups) {
    const created = await tx.group.create({ data: { accountId: written.accountId, name: group.name } });
    await tx.groupMember.createMany({
      data: group.memberKeys.map((key) => ({
        accountId: written.accountId,
        groupId: created.id,
        userId: userIdOf(written, key),
      })),
    });
  }
}

function userIdOf(written: Written, key: string): string {
  const id = written.userIds.get(key);
  if (!id) throw new Error(`demo fixture names an unknown person: ${key}`);
  return id;
}

// Later sections (locations, presets, events and series, products, seasons, bookings) go here, in
// dependency order.
const SECTIONS: Section[] = [writeAccount, writePeople, writeGroups];

/** Writes the demo tenant into an empty slot; the caller holds the demo lock (inDemoTransaction). */
export async function writeDemoFixture(options: {
  tx: DemoTx;
  accountId: string;
  fixture?: DemoFixture;
}): Promise<void> {
  const fixture = options.fixture ?? DEMO_FIXTURE;
  const written: Written = { accountId: options.accountId, userIds: new Map() };
  for (const section of SECTIONS) await section(options.tx, fixture, written);
}
