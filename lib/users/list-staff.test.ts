import { beforeAll, describe, expect, it } from "vitest";
import { tenantDb } from "@/lib/db/tenant-db";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { listStaff } from "./list-staff";

let tenant: TestTenant;
let teacher: TestMember;
let attendee: TestMember;
let formerTeacher: TestMember;
let stranger: TestMember;

beforeAll(async () => {
  tenant = await createTenant();
  teacher = await createMember(tenant.accountId, "teacher", { displayName: "Birte Teacher" });
  attendee = await createMember(tenant.accountId, "attendee", { displayName: "Carl Attendee" });
  formerTeacher = await createMember(tenant.accountId, "attendee", { displayName: "Anna Attendee" });
  stranger = await createMember((await createTenant()).accountId, "teacher", { displayName: "Dora Elsewhere" });
});

describe("listStaff", () => {
  const staff = (alsoIds?: string[]) => listStaff({ db: tenantDb(tenant.accountId), accountId: tenant.accountId, alsoIds });

  it("offers the studio's teachers and administrators, not its attendees", async () => {
    const ids = (await staff()).map((person) => person.id);
    expect(ids).toContain(teacher.userId);
    expect(ids).toContain(tenant.admin.userId);
    expect(ids).not.toContain(attendee.userId);
  });

  it("keeps a member chosen to teach before, by name, and never another studio's people", async () => {
    const people = await staff([formerTeacher.userId, stranger.userId]);
    expect(people.map((person) => person.id)).not.toContain(stranger.userId);
    expect(people.find((person) => person.id === formerTeacher.userId)?.name).toBe("Anna Attendee");
    expect(people.map((person) => person.name)).toEqual([...people.map((person) => person.name)].sort((a, b) => a.localeCompare(b)));
    expect(people).toHaveLength(3);
  });
});
