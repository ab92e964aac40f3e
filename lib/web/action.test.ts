import { revalidatePath } from "next/cache";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readAll, readCheckbox, readInteger, readRaw, readText } from "@/components/forms/form-data";
import { formData, signInAs } from "@/components/forms/testing";
import { createClass } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { z } from "@/lib/schemas/zod";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const { action, formField } = await import("./action");

const ClassInput = z.strictObject({
  title: z.string().trim().min(1),
  capacity: z.number().int().min(1).optional(),
  teacherIds: z.array(z.string()).optional(),
  published: z.boolean(),
  policy: z.strictObject({ hours: z.number().int().optional() }),
});

/** How a refused action ends: Next's navigation, by the digest it throws. */
async function navigationOf(work: Promise<unknown>): Promise<string> {
  const thrown = (await work.then(
    () => null,
    (error: unknown) => error,
  )) as { digest?: string } | null;
  expect(thrown?.digest, "the action navigates").toBeDefined();
  return thrown!.digest!;
}

let tenant: TestTenant;
let teacher: TestMember;
beforeEach(async () => {
  tenant = await createTenant();
  teacher = await createMember(tenant.accountId, "teacher");
  vi.mocked(revalidatePath).mockClear();
});

describe("action()", () => {
  const seen = vi.fn();
  const saveClass = action(
    {
      auth: "administrator",
      ids: ["eventId"],
      input: {
        schema: ClassInput,
        fields: {
          title: readRaw,
          capacity: readInteger,
          teacherIds: readAll,
          published: readCheckbox,
          policy: { hours: readInteger },
        },
      },
      revalidate: (form) => ["/dashboard/events", `/dashboard/events/${readText(form, "eventId") ?? ""}`],
    },
    async ({ viewer, ids, input }) => {
      seen({ accountId: viewer.accountId, ids, input });
      return `Saved ${input.title}.`;
    },
  );

  it("reads the form into the schema's typed input: numbers, repeated fields, checkboxes, nested paths, blanks left out", async () => {
    signInAs(tenant.admin.token);
    seen.mockClear();
    const state = await saveClass(
      formData({
        eventId: "event-1",
        title: " Yoga ",
        capacity: "12",
        teacherIds: ["t1", " ", "t2"],
        published: "on",
        "policy.hours": "",
      }),
    );
    expect(state).toEqual({ ok: true, message: "Saved Yoga." });
    expect(seen).toHaveBeenCalledWith({
      accountId: tenant.accountId,
      ids: { eventId: "event-1" },
      input: { title: "Yoga", capacity: 12, teacherIds: ["t1", "t2"], published: true, policy: {} },
    });
    expect(vi.mocked(revalidatePath).mock.calls).toEqual([
      ["/dashboard/events", "page"],
      ["/dashboard/events/event-1", "page"],
    ]);
  });

  it("answers a parse failure as field errors under the inputs' names, without running the handler or revalidating", async () => {
    signInAs(tenant.admin.token);
    seen.mockClear();
    const state = await saveClass(
      formData({ eventId: "event-1", title: "Yoga", capacity: "0", "policy.hours": "2.5" }),
    );
    expect(state.ok).toBe(false);
    expect(Object.keys(state.fieldErrors ?? {}).sort()).toEqual(["capacity", "policy.hours"]);
    expect(state.error).toBe("Please correct the marked fields.");
    expect(seen).not.toHaveBeenCalled();
    expect(revalidatePath).not.toHaveBeenCalled();
  });

  it("refuses a form whose id is missing as a whole, before reading the rest", async () => {
    signInAs(tenant.admin.token);
    seen.mockClear();
    const state = await saveClass(formData({ title: "" }));
    expect(state).toMatchObject({ ok: false, fieldErrors: { _form: expect.any(String) } });
    expect(Object.keys(state.fieldErrors ?? {})).toEqual(["_form"]);
    expect(seen).not.toHaveBeenCalled();
  });

  it("answers the handler's AppError in words and a one-value body's failure on the form", async () => {
    signInAs(tenant.admin.token);
    const archive = action(
      {
        auth: "administrator",
        input: { schema: z.enum(["active", "archived"]), fields: formField("status") },
        revalidate: "/dashboard",
      },
      async ({ input: status }) => {
        if (status === "archived") throw new AppError("own_membership");
      },
    );
    expect(await archive(formData({ status: "archived" }))).toEqual({
      ok: false,
      error: "You cannot remove your active membership",
    });
    expect(await archive(formData({ status: "gone" }))).toMatchObject({
      ok: false,
      fieldErrors: { _form: expect.any(String) },
    });
    expect(await archive(formData({ status: "active" }))).toEqual({ ok: true });
    expect(revalidatePath).toHaveBeenCalledWith("/dashboard", "page");
  });

  it("adds the handler's fields to a success and follows its redirect after revalidating", async () => {
    signInAs(tenant.admin.token);
    const create = action({ auth: "administrator", revalidate: "/dashboard/api-keys", scope: "layout" }, async () => ({
      message: "Created.",
      secret: "s3cret",
    }));
    expect(await create()).toEqual({ ok: true, message: "Created.", secret: "s3cret" });
    const leave = action({ auth: "administrator", revalidate: "/dashboard/webhooks" }, async () => ({
      redirectTo: "/dashboard/webhooks?deleted=1",
    }));
    expect(await navigationOf(leave(formData({})))).toMatch(/^NEXT_REDIRECT;.*;\/dashboard\/webhooks\?deleted=1;/);
    expect(revalidatePath).toHaveBeenCalledWith("/dashboard/webhooks", "page");
  });
});

describe("action() authorization", () => {
  const whoAmI = (auth: "administrator" | "staff" | "classManager" | "member") =>
    action({ auth, revalidate: "/dashboard" }, async ({ viewer }) => viewer.persona);

  it("administrator: a teacher is sent home, nobody signed in gets not-found", async () => {
    signInAs(tenant.admin.token);
    expect(await whoAmI("administrator")()).toEqual({ ok: true, message: "administrator" });
    signInAs(teacher.token);
    expect(await navigationOf(whoAmI("administrator")())).toMatch(/^NEXT_REDIRECT;.*;\/dashboard;/);
    signInAs(undefined);
    expect(await navigationOf(whoAmI("administrator")())).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(revalidatePath).toHaveBeenCalledTimes(1);
  });

  it("staff: a teacher passes, an attendee gets not-found", async () => {
    signInAs(teacher.token);
    expect(await whoAmI("staff")()).toEqual({ ok: true, message: "teacher" });
    const attendee = await createMember(tenant.accountId, "attendee");
    signInAs(attendee.token);
    expect(await navigationOf(whoAmI("staff")())).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });

  it("class manager: the class's teacher gets the class, another teacher is sent home, another studio's class is not found", async () => {
    const lesson = await createClass(tenant.accountId);
    await db.instance.update({ where: { id: lesson.id }, data: { teacherIds: [teacher.userId] } });
    const titleOf = action({ auth: "classManager", revalidate: "/dashboard" }, async ({ instance }) => instance.id);
    signInAs(teacher.token);
    expect(await titleOf(formData({ instanceId: lesson.id }))).toEqual({ ok: true, message: lesson.id });
    const other = await createMember(tenant.accountId, "teacher");
    signInAs(other.token);
    expect(await navigationOf(titleOf(formData({ instanceId: lesson.id })))).toMatch(/^NEXT_REDIRECT;.*;\/dashboard;/);
    const elsewhere = await createTenant();
    signInAs(elsewhere.admin.token);
    expect(await navigationOf(titleOf(formData({ instanceId: lesson.id })))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
    expect(await navigationOf(titleOf(formData({})))).toBe("NEXT_HTTP_ERROR_FALLBACK;404");
  });

  it("member: the person signed in to the form's studio; anybody else is answered in the form", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    signInAs(attendee.token);
    expect(await whoAmI("member")(formData({ slug: tenant.slug }))).toEqual({ ok: true, message: "attendee" });
    const elsewhere = await createTenant();
    expect(await whoAmI("member")(formData({ slug: elsewhere.slug }))).toEqual({
      ok: false,
      error: "Authentication required",
    });
    signInAs(undefined);
    expect(await whoAmI("member")(formData({ slug: tenant.slug }))).toEqual({
      ok: false,
      error: "Authentication required",
    });
  });
});
