// Every dashboard form and the public forms, submitted with bad input on a Danish page: what comes
// back (the form's error, each field's error, a message) is Danish, never an English sentence, a
// field name of the API or a code. The dashboard's forms are found, not listed: every action its
// actions modules export is submitted empty and with wrong values.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { RULES, RULE_CODES } from "@/lib/error-details";
import { MESSAGES } from "@/lib/i18n/messages";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { setTestPageLanguage } from "@/tests/helpers/page-language";

vi.mock("next/headers", async () => ({
  cookies: (await import("@/components/forms/testing")).fakeCookies,
  headers: async () => new Headers(),
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect to ${url}`);
  },
}));

type FormAction = (formData: FormData) => Promise<unknown>;

const DASHBOARD_ACTIONS = import.meta.glob<Record<string, unknown>>("./dashboard/**/actions.ts");

/** Values wrong in the ways people get them wrong, under the names the dashboard's forms use. */
const WRONG_VALUES: Record<string, string | string[]> = {
  name: "",
  title: "",
  displayName: "",
  email: "ikke en e-mail",
  description: "x".repeat(3000),
  capacity: "-1",
  durationMinutes: "fem",
  minutes: "0",
  location: "",
  address: "",
  status: "måske",
  persona: "chef",
  url: "http://hooks.example.com",
  events: ["booking.made", "booking.made"],
  startsAt: "i morgen",
  firstDay: "2026-02-30",
  lastDay: "2026-01-01",
  weekdays: [],
  localStartTime: "",
  startsOn: "",
  ends: "",
  count: "0",
  endsOn: "1999-01-01",
  frequency: "hver dag",
  interval: "99",
  type: "class_pass",
  classAllowance: "0",
  "prices.0.amount": "1,005",
  "prices.0.currency": "DKK",
  kind: "percent",
  discount: "250",
  code: "",
  validUntil: "snart",
  accentColor: "rød",
  logoUrl: "http://example.com/logo.png",
  website: "example",
  contactEmail: "ikke en e-mail",
  timezone: "Mars/Olympus",
  vatRate: "12,345",
  paymentMethods: ["mobilepay"],
  from: "2026-07-01",
  until: "2026-06-01",
  reason: "x".repeat(3000),
  audience: "groups",
  groupIds: [],
  teacherIds: ["nobody"],
  productId: "nope",
  priceId: "nope",
  eventId: "",
  instanceId: "nope",
  userId: "nope",
};

const englishCatalogue = new Set(
  ["FieldErrors", "FormErrors", "Errors"].flatMap((namespace) =>
    Object.values((MESSAGES.en as Record<string, Record<string, string>>)[namespace] ?? {}).map((text) =>
      text.split("{")[0]!.trim(),
    ),
  ),
);
const danishCatalogue = new Set(
  ["FieldErrors", "FormErrors", "Errors"].flatMap((namespace) =>
    Object.values((MESSAGES.da as Record<string, Record<string, string>>)[namespace] ?? {}).map((text) =>
      text.split("{")[0]!.trim(),
    ),
  ),
);
/** The API's English sentences for our rules, as far as they do not depend on values. */
const ruleSentences = RULE_CODES.map((code) => (RULES[code] as (params: unknown) => string)({}).split("${")[0]!);

/** Why `text` is not Danish for a member or a studio owner, or undefined when it is. */
function notDanish(text: string): string | undefined {
  if (/\b[a-z]+[A-Z][A-Za-z]*\b/.test(text)) return "a field name";
  if (/\b[a-z]+_[a-z_]+\b/.test(text)) return "a code";
  if (
    /\b(the|must|enter|choose|required|invalid|expected|received|too small|too big|should|cannot|not a)\b/i.test(text)
  )
    return "English words";
  const start = text.trim();
  if (
    [...englishCatalogue].some(
      (english) => english.length > 3 && !danishCatalogue.has(english) && start.startsWith(english),
    )
  )
    return "an English catalogue entry";
  if (ruleSentences.some((sentence) => sentence.length > 3 && start.startsWith(sentence))) return "the API's sentence";
  return undefined;
}

/** Every string in an action's answer that a person reads (not the state's name, a refusal's code, nor their own input echoed back). */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) =>
      key === "status" || key === "values" || key === "code" ? [] : textsOf(item),
    );
  return [];
}

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
  setTestPageLanguage("da");
});
afterAll(() => setTestPageLanguage("en"));

async function submit(action: () => Promise<unknown>): Promise<unknown> {
  try {
    return await action();
  } catch (error) {
    // A redirect or a thrown failure is no answer in English either; an Error's text is still checked.
    return error instanceof Error ? error.message.replace(/^redirect to .*/, "") : String(error);
  }
}

describe("forms on a Danish page, with bad input", () => {
  it("answer every dashboard form in Danish", async () => {
    const offences: string[] = [];
    let withFieldErrors = 0;
    let forms = 0;
    for (const [file, load] of Object.entries(DASHBOARD_ACTIONS)) {
      const actions = Object.entries(await load()).filter(
        (entry): entry is [string, FormAction] => typeof entry[1] === "function" && entry[1].length <= 1,
      );
      for (const [name, action] of actions) {
        forms++;
        for (const values of [{}, WRONG_VALUES]) {
          const answer = await submit(() => action(formData(values)));
          if (textsOf((answer as { fieldErrors?: unknown })?.fieldErrors).length > 0) withFieldErrors++;
          for (const text of textsOf(answer)) {
            const why = notDanish(text);
            if (why) offences.push(`${file} ${name}: ${why}: "${text}"`);
          }
        }
      }
    }
    expect(forms).toBeGreaterThan(50);
    expect(withFieldErrors).toBeGreaterThan(30);
    expect(offences).toEqual([]);
  }, 600_000);

  it("answer the public forms in Danish: sign-up, new member, booking and buying", async () => {
    const { signUpAction } = await import("./signup/actions");
    const { registerNewMember } = await import("./sign-in/actions");
    const { bookAction, buyAction } = await import("./[slug]/actions");
    const answers = [
      await submit(() =>
        signUpAction({ status: "idle" }, formData({ accountName: "", email: "ikke en e-mail", displayName: "" })),
      ),
      await submit(() =>
        registerNewMember({ accountId: tenant.accountId, email: "ikke", displayName: "", dateOfBirth: "1800-01-01" }),
      ),
      await submit(() => bookAction(tenant.slug, { instanceId: "" })),
      await submit(() => buyAction(tenant.slug, { productId: "", priceId: "" })),
    ];
    const offences = answers.flatMap((answer) =>
      textsOf(answer).flatMap((text) => {
        const why = notDanish(text);
        return why ? [`${why}: "${text}"`] : [];
      }),
    );
    expect(offences).toEqual([]);
  });
});
