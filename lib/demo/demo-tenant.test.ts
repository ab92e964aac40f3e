import { describe, expect, it } from "vitest";
import { dependantEmail } from "@/lib/users/stand-in-addresses";
import { createSession } from "@/lib/auth/create-session";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ProfileInput } from "@/lib/schemas/account-profile";
import { createMember, createTenant } from "@/tests/helpers/fixtures";
import { expectLogged } from "@/tests/helpers/logs";
import { DEMO_EMAIL_DOMAIN, DEMO_FIXTURE, DEMO_SLUG } from "./demo-fixture";
import { resetDemo } from "./reset-demo";
import { seedDemo } from "./seed-demo";

// One database per file: the tests run in order and each starts from what the previous left.
async function demoAccount() {
  return db.account.findUnique({
    where: { slug: DEMO_SLUG },
    include: {
      memberships: { include: { user: true } },
      groups: { include: { members: { include: { user: true } } } },
    },
  });
}

describe("the demo fixture", () => {
  it("describes the canonical tenant of decisions §2", () => {
    expect(DEMO_FIXTURE.account).toMatchObject({
      slug: "demo",
      name: "Demo Studio",
      timezone: "Europe/Copenhagen",
      locale: "da-DK",
      currency: "DKK",
    });
    // A Danish profile the public pages show, as PATCH /account would take it.
    const { description, accentColor, contactEmail, website } = DEMO_FIXTURE.account;
    expect(ProfileInput.parse({ description, accentColor, contactEmail, website })).toEqual({
      description,
      accentColor,
      contactEmail,
      website,
    });
    expect(DEMO_FIXTURE.attendees.length).toBeGreaterThanOrEqual(6);
  });

  it("uses distinct addresses on the reserved demo domain and names only its own people in groups", () => {
    const people = [
      DEMO_FIXTURE.administrator,
      ...DEMO_FIXTURE.attendees,
      ...DEMO_FIXTURE.clientele,
      ...DEMO_FIXTURE.teachers,
    ];
    for (const person of people)
      expect(person.email).toMatch(new RegExp(`^[a-z.]+@${DEMO_EMAIL_DOMAIN.replace(/\./g, "\\.")}$`));
    expect(new Set(people.map((p) => p.email)).size).toBe(people.length);
    const keys = new Set(DEMO_FIXTURE.attendees.map((p) => p.key));
    for (const group of DEMO_FIXTURE.groups) for (const key of group.memberKeys) expect(keys).toContain(key);
    // the past's regulars are attendees, each with a product the studio sells
    const attendees = new Set([...DEMO_FIXTURE.attendees, ...DEMO_FIXTURE.clientele].map((p) => p.key));
    const products = new Set(DEMO_FIXTURE.products.map((p) => p.key));
    for (const regular of DEMO_FIXTURE.history.regulars) {
      expect(attendees).toContain(regular.personKey);
      expect(products).toContain(regular.productKey);
    }
    expect(new Set(DEMO_FIXTURE.history.regulars.map((r) => r.personKey)).size).toBe(
      DEMO_FIXTURE.history.regulars.length,
    );
  });
});

describe("seedDemo", () => {
  it("creates the demo tenant with its administrator, attendees and group", async () => {
    expect(await demoAccount()).toBeNull();
    const result = await seedDemo();
    expect(result.seeded).toBe(true);

    const account = await demoAccount();
    expect(account).toMatchObject({
      id: result.accountId,
      slug: "demo",
      name: "Demo Studio",
      timezone: "Europe/Copenhagen",
      locale: "da-DK",
      currency: "DKK",
      isDemo: true,
      status: "active",
    });
    const admins = account!.memberships.filter((m) => m.persona === "administrator");
    expect(admins.map((m) => m.user.email)).toEqual([DEMO_FIXTURE.administrator.email]);
    const attendees = account!.memberships.filter((m) => m.persona === "attendee").map((m) => m.user);
    expect(attendees.map((u) => u.email).sort()).toEqual(
      [...DEMO_FIXTURE.attendees, ...DEMO_FIXTURE.clientele]
        .map((p) => p.email)
        .concat(
          DEMO_FIXTURE.dependants.map((child) =>
            dependantEmail(attendees.find((u) => u.displayName === child.displayName)!.id),
          ),
        )
        .concat(
          DEMO_FIXTURE.walkIns.map((walkIn) => attendees.find((u) => u.displayName === walkIn.displayName)!.email),
        )
        .sort(),
    );
    // a walk-in without an email keeps a stand-in address, never a real one
    for (const walkIn of DEMO_FIXTURE.walkIns)
      expect(attendees.find((u) => u.displayName === walkIn.displayName)!.email).toMatch(/@no-email\.invalid$/);
    // a parent with two children: the children name her as their guardian
    const mette = attendees.find((u) => u.email === `mette.holm@${DEMO_EMAIL_DOMAIN}`)!;
    expect(
      attendees
        .filter((u) => u.guardianId === mette.id)
        .map((u) => u.displayName)
        .sort(),
    ).toEqual(["Alma Holm", "Karl Holm"]);
    const teachers = account!.memberships.filter((m) => m.persona === "teacher").map((m) => m.user.email);
    expect(teachers.sort()).toEqual(DEMO_FIXTURE.teachers.map((p) => p.email).sort());
    const ida = attendees.find((u) => u.email === `ida.holm@${DEMO_EMAIL_DOMAIN}`)!;
    expect(ida).toMatchObject({ displayName: "Ida Holm", status: "active" });
    expect(ida.dateOfBirth?.toISOString().slice(0, 10)).toBe("1990-04-12");

    expect(account!.groups).toHaveLength(1);
    const group = account!.groups[0]!;
    expect(group.name).toBe("Faste morgengæster");
    expect(group.members.map((m) => m.user.email).sort()).toEqual(
      ["ida.holm", "mads.jensen", "lars.andersen"].map((key) => `${key}@${DEMO_EMAIL_DOMAIN}`).sort(),
    );
    expect(group.members.every((m) => m.accountId === account!.id)).toBe(true);
  });

  it("leaves an existing demo tenant as it is", async () => {
    const before = await demoAccount();
    await db.group.updateMany({ where: { accountId: before!.id }, data: { name: "Renamed" } });
    const usersBefore = await db.user.count();

    const result = await seedDemo();

    expect(result).toEqual({ seeded: false, accountId: before!.id });
    expect(await db.user.count()).toBe(usersBefore);
    expect((await demoAccount())!.groups.map((g) => g.name)).toEqual(["Renamed"]);
  });

  it("writes the tenant once when several starts seed at the same time", async () => {
    await db.account.deleteMany({ where: { slug: DEMO_SLUG } });
    const results = await Promise.all([seedDemo(), seedDemo(), seedDemo(), seedDemo()]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(new Set(results.map((r) => r.accountId)).size).toBe(1);
    expect(await db.account.count({ where: { slug: DEMO_SLUG } })).toBe(1);
    expect(await db.group.count({ where: { accountId: results[0]!.accountId } })).toBe(1);
  });
});

describe("resetDemo", () => {
  it("restores a modified demo tenant and leaves every other tenant untouched", async () => {
    const demo = (await demoAccount())!;
    await db.group.updateMany({ where: { accountId: demo.id }, data: { name: "Evening people" } });
    await db.account.update({ where: { id: demo.id }, data: { name: "Changed", cancellationWindowHours: 48 } });
    const ida = demo.memberships.find((m) => m.user.email === `ida.holm@${DEMO_EMAIL_DOMAIN}`)!.user;
    await db.user.update({ where: { id: ida.id }, data: { displayName: "Someone else" } });
    const joined = await createMember(demo.id, "attendee");
    const demoSession = await createSession({ userId: ida.id, accountId: demo.id, kind: "demo" });

    // another tenant, with a group and a user who is also in the demo tenant; another sandbox tenant
    const other = await createTenant({ name: "Other Studio" });
    const otherGroup = await db.group.create({ data: { accountId: other.accountId, name: "Other regulars" } });
    const mads = demo.memberships.find((m) => m.user.email === `mads.jensen@${DEMO_EMAIL_DOMAIN}`)!.user;
    await db.membership.create({ data: { accountId: other.accountId, userId: mads.id, persona: "attendee" } });
    await db.groupMember.create({ data: { accountId: other.accountId, groupId: otherGroup.id, userId: mads.id } });
    const sandbox = await db.account.create({
      data: { slug: "sandbox-1", name: "Sandbox", timezone: "Europe/Oslo", locale: "nb-NO", isDemo: true },
    });
    await db.group.create({ data: { accountId: sandbox.id, name: "Sandbox group" } });

    const result = await resetDemo();

    const after = (await demoAccount())!;
    expect(after.id).toBe(result.accountId);
    expect(after.id).not.toBe(demo.id);
    expect(after).toMatchObject({ name: "Demo Studio", cancellationWindowHours: 12, isDemo: true });
    expect(after.groups.map((g) => g.name)).toEqual(["Faste morgengæster"]);
    expect(after.memberships).toHaveLength(
      1 +
        DEMO_FIXTURE.attendees.length +
        DEMO_FIXTURE.clientele.length +
        DEMO_FIXTURE.teachers.length +
        DEMO_FIXTURE.dependants.length +
        DEMO_FIXTURE.walkIns.length,
    );
    // the demo tenant's own people are fresh; the one who joined later is gone
    const newIda = after.memberships.find((m) => m.user.email === `ida.holm@${DEMO_EMAIL_DOMAIN}`)!.user;
    expect(newIda.displayName).toBe("Ida Holm");
    expect(await db.user.findUnique({ where: { id: joined.userId } })).toBeNull();
    expect(await db.session.count({ where: { accountId: demo.id } })).toBe(0);
    expect(await db.session.findFirst({ where: { userId: ida.id } })).toBeNull();
    expect(demoSession.token).toBeTruthy();

    // a demo person who also belongs elsewhere keeps identity and the other tenant's data
    const newMads = after.memberships.find((m) => m.user.email === `mads.jensen@${DEMO_EMAIL_DOMAIN}`)!.user;
    expect(newMads.id).toBe(mads.id);
    expect(
      await db.membership.findUnique({ where: { accountId_userId: { accountId: other.accountId, userId: mads.id } } }),
    ).not.toBeNull();
    expect(await db.groupMember.count({ where: { groupId: otherGroup.id, userId: mads.id } })).toBe(1);

    // other tenants: untouched
    expect(await db.account.findUnique({ where: { id: other.accountId } })).toMatchObject({ name: "Other Studio" });
    expect(await db.group.findUnique({ where: { id: otherGroup.id } })).toMatchObject({ name: "Other regulars" });
    expect(await db.user.findUnique({ where: { id: other.admin.userId } })).not.toBeNull();
    expect(await db.account.findUnique({ where: { id: sandbox.id } })).toMatchObject({ name: "Sandbox", isDemo: true });
    expect(await db.group.count({ where: { accountId: sandbox.id } })).toBe(1);
  });

  it("changes nothing when writing the fixture fails part-way (one transaction)", async () => {
    const demo = (await demoAccount())!;
    await db.group.updateMany({ where: { accountId: demo.id }, data: { name: "Kept on failure" } });
    const broken = { ...DEMO_FIXTURE, groups: [{ name: "Broken", memberKeys: ["nobody.here"] }] };

    await expect(resetDemo({ fixture: broken })).rejects.toThrow(/unknown person/);

    const after = (await demoAccount())!;
    expect(after.id).toBe(demo.id);
    expect(after.groups.map((g) => g.name)).toEqual(["Kept on failure"]);
    expect(after.memberships).toHaveLength(demo.memberships.length);
  });

  it("creates the demo tenant when there is none", async () => {
    await db.account.deleteMany({ where: { slug: DEMO_SLUG } });
    const result = await resetDemo();
    expect((await demoAccount())?.id).toBe(result.accountId);
  });

  it("never replaces a tenant that holds the demo slug without being a demo tenant", async () => {
    await db.account.deleteMany({ where: { slug: DEMO_SLUG } });
    const real = await db.account.create({
      data: { slug: DEMO_SLUG, name: "A real studio", timezone: "Europe/Copenhagen", locale: "da-DK" },
    });

    await expect(resetDemo()).rejects.toEqual(new AppError("demo_disabled"));
    expectLogged("warn", /^demo slug is held by a non-demo account/);
    expect(await seedDemo()).toEqual({ seeded: false, accountId: real.id });
    expect(await db.account.findUnique({ where: { id: real.id } })).toMatchObject({
      name: "A real studio",
      isDemo: false,
    });
  });
});
