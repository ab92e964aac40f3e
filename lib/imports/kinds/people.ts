// People: matched by normalized email to an identity; a new one becomes an attendee of this studio,
// an existing identity gains the membership. A person's own data is never overwritten: empty fields
// are filled, differing ones kept (and reported), so the same file twice creates nothing.
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { Email } from "@/lib/schemas/common";
import { parseImportDate } from "../import-dates";
import { checked, issue, type KindImport, type RowIssue, type WrittenRow } from "../import-kind";

const MAX_TEXT = 200;
const MAX_NOTES = 2000;

type Person = {
  email: string;
  displayName: string;
  phone: string | null;
  dateOfBirth: string | null;
  notes: string | null;
};
type Existing = {
  id: string;
  email: string;
  displayName: string;
  phone: string | null;
  dateOfBirth: Date | null;
  membership: { notes: string | null } | null;
};

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** The person a row describes, or its errors. */
function readPerson(values: Record<string, string>, dateFormat: Parameters<typeof parseImportDate>[1]) {
  const errors: RowIssue[] = [];
  const email = Email.safeParse(values.email ?? "");
  if (!values.email) errors.push(issue("email", "required", "Required"));
  else if (!email.success) errors.push(issue("email", "invalid_email", "Not an email address"));
  const name = values.displayName || [values.firstName, values.lastName].filter(Boolean).join(" ");
  if (name.length > MAX_TEXT)
    errors.push(issue(values.displayName ? "displayName" : "firstName", "too_long", `At most ${MAX_TEXT} characters`));
  const dateOfBirth = values.dateOfBirth ? parseImportDate(values.dateOfBirth, dateFormat) : null;
  if (values.dateOfBirth && !dateOfBirth)
    errors.push(issue("dateOfBirth", "invalid_date", `Not a date in the format ${dateFormat}`));
  if ((values.phone ?? "").length > 50) errors.push(issue("phone", "too_long", "At most 50 characters"));
  if ((values.notes ?? "").length > MAX_NOTES)
    errors.push(issue("notes", "too_long", `At most ${MAX_NOTES} characters`));
  const person: Person = {
    email: email.success ? email.data : "",
    displayName: name,
    phone: values.phone || null,
    dateOfBirth,
    notes: values.notes || null,
  };
  return { person, errors };
}

const isoDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** What writing the person would change of an existing identity and membership, and what it keeps. */
function compare(person: Person, existing: Existing) {
  const fills: { displayName?: string; phone?: string; dateOfBirth?: Date } = {};
  const kept: RowIssue[] = [];
  const keep = (field: string) => kept.push(issue(field, "kept_existing", "The person's own value is kept"));
  if (person.displayName && !existing.displayName) fills.displayName = person.displayName;
  else if (person.displayName && person.displayName !== existing.displayName) keep("displayName");
  if (person.phone && !existing.phone) fills.phone = person.phone;
  else if (person.phone && person.phone !== existing.phone) keep("phone");
  if (person.dateOfBirth && !existing.dateOfBirth) fills.dateOfBirth = new Date(`${person.dateOfBirth}T00:00:00Z`);
  else if (person.dateOfBirth && person.dateOfBirth !== isoDate(existing.dateOfBirth)) keep("dateOfBirth");
  const fillNotes = Boolean(person.notes && existing.membership && !existing.membership.notes);
  if (person.notes && existing.membership?.notes && person.notes !== existing.membership.notes) keep("notes");
  const joins = !existing.membership;
  const changes = joins || fillNotes || Object.keys(fills).length > 0;
  return { fills, fillNotes, kept, joins, changes };
}

async function findExisting(
  db: TenantDb | TenantTx,
  accountId: string,
  emails: string[],
): Promise<Map<string, Existing>> {
  const users = await db.user.findMany({
    where: { email: { in: emails } },
    select: {
      id: true,
      email: true,
      displayName: true,
      phone: true,
      dateOfBirth: true,
      memberships: { where: { accountId }, select: { notes: true } },
    },
  });
  return new Map(
    users.map(({ memberships, ...user }) => [user.email, { ...user, membership: memberships[0] ?? null }]),
  );
}

export const peopleImport: KindImport = {
  async check(rows, context) {
    const read = rows.map(({ row, values }) => ({ row, values, ...readPerson(values, context.dateFormat) }));
    const emails = read.filter((r) => r.errors.length === 0).map((r) => r.person.email);
    const existing = await findExisting(context.db, context.accountId, emails);
    return read.map(({ row, values, person, errors }) => {
      if (errors.length > 0) return checked(row, values, errors);
      const first = context.seen.get(person.email);
      if (first !== undefined && first !== row)
        return checked(row, values, [issue("email", "duplicate", `Listed twice in the file (row ${first})`)]);
      context.seen.set(person.email, row);
      const found = existing.get(person.email);
      if (!found) return checked(row, values, []);
      const { kept, changes } = compare(person, found);
      return checked(row, values, [], kept, !changes);
    });
  },

  async write(tx, rows, context) {
    const people = rows.map(({ row, values }) => ({ row, person: readPerson(values, context.dateFormat).person }));
    const emails = people.map(({ person }) => person.email);
    const before = await findExisting(tx, context.accountId, emails);
    const newUsers = people.filter(({ person }) => !before.has(person.email));
    if (newUsers.length > 0)
      await insertUsers(
        tx,
        newUsers.map(({ person }) => person),
      );
    const existing = newUsers.length > 0 ? await findExisting(tx, context.accountId, emails) : before;
    const written: WrittenRow[] = [];
    const joining: { userId: string; notes: string | null }[] = [];
    for (const { row, person } of people) {
      const found = existing.get(person.email)!;
      const { fills, fillNotes, joins, changes } = compare(person, found);
      if (Object.keys(fills).length > 0 && before.has(person.email))
        await tx.user.update({ where: { id: found.id }, data: fills });
      if (fillNotes)
        await tx.membership.update({
          where: { accountId_userId: { accountId: context.accountId, userId: found.id } },
          data: { notes: person.notes },
        });
      if (joins) joining.push({ userId: found.id, notes: person.notes });
      written.push({ row, userId: found.id, outcome: joins ? "created" : changes ? "updated" : "unchanged" });
    }
    if (joining.length > 0) await insertMemberships(tx, context.accountId, joining);
    return written;
  },
};

/** New identities, `invited` until they first sign in: one statement for the batch. */
async function insertUsers(tx: TenantTx, people: Person[]): Promise<void> {
  const json = JSON.stringify(
    people.map((person) => ({ ...person, displayName: person.displayName || person.email.split("@")[0] })),
  );
  await tx.$executeRaw`
    INSERT INTO "User" ("id", "email", "displayName", "phone", "dateOfBirth", "status")
    SELECT gen_random_uuid()::text, x."email", x."displayName", x."phone", x."dateOfBirth"::date, 'invited'
      FROM jsonb_to_recordset(${json}::jsonb) AS x("email" text, "displayName" text, "phone" text, "dateOfBirth" text)
    ON CONFLICT ("email") DO NOTHING`;
}

/** Attendee memberships of this studio: one statement for the batch. */
async function insertMemberships(tx: TenantTx, accountId: string, joining: { userId: string; notes: string | null }[]) {
  await tx.$executeRaw`
    INSERT INTO "Membership" ("accountId", "userId", "persona", "notes")
    SELECT ${accountId}, x."userId", 'attendee', x."notes"
      FROM jsonb_to_recordset(${JSON.stringify(joining)}::jsonb) AS x("userId" text, "notes" text)
    ON CONFLICT ("accountId", "userId") DO NOTHING`;
}
