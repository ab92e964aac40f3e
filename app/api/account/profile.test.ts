import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

// The studio profile: PATCH /account's `profile`, returned by every account response and by
// GET /public/accounts/{slug}.

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant({ name: "Sunrise Studio" });
});

const FULL = {
  description: "  Et lille yogastudie på Nørrebro.\nHold for alle niveauer.  ",
  accentColor: "#0F766E",
  logoUrl: "https://cdn.example.com/sunrise/logo.png",
  contactEmail: " Hej@Sunrise.Example ",
  website: "https://sunrise.example/",
};

const STORED = {
  description: "Et lille yogastudie på Nørrebro.\nHold for alle niveauer.",
  accentColor: "#0f766e",
  logoUrl: "https://cdn.example.com/sunrise/logo.png",
  contactEmail: "hej@sunrise.example",
  website: "https://sunrise.example/",
};

const EMPTY = { description: null, accentColor: null, logoUrl: null, contactEmail: null, website: null };

function patch(profile: unknown, token = tenant.admin.token) {
  return api("PATCH", "/account", { token, body: { profile } });
}

async function publicProfile(slug = tenant.slug) {
  const response = await api("GET", `/public/accounts/${slug}`);
  expect(response.status).toBe(200);
  return response.body.profile;
}

describe("the studio profile", () => {
  it("starts empty on every account response", async () => {
    expect(await publicProfile()).toEqual(EMPTY);
    const me = await api("GET", "/me", { token: tenant.admin.token });
    expect(me.body.account.profile).toEqual(EMPTY);
  });

  it("is set by PATCH /account (trimmed, colour in lower case, email normalized) and shown publicly and on /me", async () => {
    const response = await patch(FULL);
    expect(response.status).toBe(200);
    expect(response.body.profile).toEqual(STORED);
    expect(await publicProfile()).toEqual(STORED);
    expect((await api("GET", "/me", { token: tenant.admin.token })).body.account.profile).toEqual(STORED);
    expect((await api("GET", "/me/accounts", { token: tenant.admin.token })).body[0].account.profile).toEqual(STORED);
  });

  it("keeps the fields a partial update does not send, and leaves the profile alone when only other fields change", async () => {
    await patch(FULL);
    const response = await patch({ accentColor: "#123abc", website: "http://sunrise.example" });
    expect(response.body.profile).toEqual({ ...STORED, accentColor: "#123abc", website: "http://sunrise.example" });

    await api("PATCH", "/account", { token: tenant.admin.token, body: { name: "Moonrise" } });
    expect(await publicProfile()).toEqual({ ...STORED, accentColor: "#123abc", website: "http://sunrise.example" });
    expect(await patch({})).toMatchObject({ status: 200 });
    expect(await publicProfile()).toMatchObject({ accentColor: "#123abc" });
  });

  it("clears a field sent as null, and a blank description", async () => {
    await patch(FULL);
    const response = await patch({ logoUrl: null, contactEmail: null, description: "   " });
    expect(response.body.profile).toEqual({ ...STORED, logoUrl: null, contactEmail: null, description: null });

    await patch({ accentColor: null, website: null, description: null });
    expect(await publicProfile()).toEqual({ ...EMPTY });
  });

  it.each([
    [
      "a colour name",
      { accentColor: "teal" },
      "profile.accentColor",
      "Accent colour must be #rrggbb: # and six hexadecimal digits",
    ],
    [
      "a short colour",
      { accentColor: "#0f7" },
      "profile.accentColor",
      "Accent colour must be #rrggbb: # and six hexadecimal digits",
    ],
    [
      "a colour with alpha",
      { accentColor: "#0f766eff" },
      "profile.accentColor",
      "Accent colour must be #rrggbb: # and six hexadecimal digits",
    ],
    [
      "CSS in the colour",
      { accentColor: "#000000;background:url(x)" },
      "profile.accentColor",
      "Accent colour must be #rrggbb: # and six hexadecimal digits",
    ],
    [
      "an http logo",
      { logoUrl: "http://cdn.example.com/logo.png" },
      "profile.logoUrl",
      "Logo URL must be an https:// address",
    ],
    [
      "a data: logo",
      { logoUrl: "data:image/png;base64,AAAA" },
      "profile.logoUrl",
      "Logo URL must be an https:// address",
    ],
    ["a logo that is not a URL", { logoUrl: "logo.png" }, "profile.logoUrl", "Logo URL must be an https:// address"],
    [
      "a logo URL with credentials",
      { logoUrl: "https://user:secret@cdn.example.com/logo.png" },
      "profile.logoUrl",
      "Logo URL must be an https:// address",
    ],
    [
      "a javascript: website",
      { website: "javascript:alert(1)" },
      "profile.website",
      "Website must be an http:// or https:// address",
    ],
    [
      "a website without a scheme",
      { website: "sunrise.example" },
      "profile.website",
      "Website must be an http:// or https:// address",
    ],
    ["a bad email", { contactEmail: "hej@" }, "profile.contactEmail", "Invalid email address"],
    [
      "a description of the wrong type",
      { description: 7 },
      "profile.description",
      "Invalid input: expected string, received number",
    ],
    [
      "a description over 2000 characters",
      { description: "x".repeat(2001) },
      "profile.description",
      "Too big: expected string to have <=2000 characters",
    ],
    ["an unknown profile field", { phone: "+45 12345678" }, "profile", 'Unrecognized key: "phone"'],
  ])("rejects %s with 400, names the field and changes nothing", async (_label, profile, path, message) => {
    await patch(FULL);
    const response = await api("PATCH", "/account", {
      token: tenant.admin.token,
      body: { name: "Should not stick", profile: { description: "Should not stick either", ...profile } },
    });
    expect(response).toMatchObject({ status: 400, body: { error: "Validation failed" } });
    expect(response.body.details).toContainEqual(expect.objectContaining({ path, message, code: expect.any(String) }));
    expect(await publicProfile()).toEqual(STORED);
    expect((await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } })).name).toBe("Sunrise Studio");
  });

  it("rejects a profile that is not an object", async () => {
    for (const profile of ["nice studio", null, []]) {
      const response = await patch(profile);
      expect(response).toMatchObject({ status: 400, body: { error: "Validation failed" } });
      expect(response.body.details.map((d: { path: string }) => d.path)).toContain("profile");
    }
  });

  it("answers 403 to an attendee, and changes only the administrator's own studio", async () => {
    const attendee = await createMember(tenant.accountId, "attendee");
    expect(await patch({ accentColor: "#000000" }, attendee.token)).toMatchObject({
      status: 403,
      body: { error: "Insufficient permission" },
    });
    const other = await createTenant({ name: "Other Studio" });
    expect(await patch({ accentColor: "#ff0000" }, other.admin.token)).toMatchObject({ status: 200 });
    await patch(FULL);

    expect(await publicProfile()).toEqual(STORED);
    expect(await publicProfile(other.slug)).toEqual({ ...EMPTY, accentColor: "#ff0000" });
    expect((await api("GET", "/me", { token: other.admin.token })).body.account.profile).toEqual({
      ...EMPTY,
      accentColor: "#ff0000",
    });
  });
});
