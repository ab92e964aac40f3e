import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ProfileInput } from "@/lib/schemas/account-profile";
import { CreateLocationInput } from "@/lib/schemas/location";
import { InviteUserInput } from "@/lib/schemas/user-input";
import { CreateWebhookInput } from "@/lib/schemas/webhook";
import { WEBHOOK_URL_MESSAGES } from "@/lib/webhooks/webhook-url";
import { formErrorWords, friendlyMessage } from "./friendly-message";

const messages = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries(
    (schema.safeParse(value).error?.issues ?? []).map((issue) => [
      issue.path.join("."),
      friendlyMessage(issue.message),
    ]),
  );

describe("friendlyMessage", () => {
  it("rewrites zod's default messages of the API schemas in plain words", () => {
    expect(messages(CreateLocationInput, { name: " ", capacity: 0 })).toEqual({
      name: "Required",
      capacity: "Must be at least 1",
    });
    expect(messages(CreateLocationInput, { name: "x".repeat(201), capacity: 1.5 })).toEqual({
      name: "At most 200 characters",
      capacity: "Enter a whole number",
    });
    expect(messages(CreateLocationInput, { name: "A", capacity: "many" })).toEqual({
      capacity: "Enter a whole number",
    });
    expect(messages(InviteUserInput, { email: "nope", displayName: "Ida", persona: "owner" })).toEqual({
      email: "Enter an email address such as ida@example.com",
      persona: "Choose one of the options",
    });
  });

  it("says them in Danish for a Danish page", () => {
    const danish = formErrorWords("da");
    const issues = CreateLocationInput.safeParse({ name: " ", capacity: 0 }).error?.issues ?? [];
    expect(issues.map((issue) => friendlyMessage(issue.message, danish))).toEqual([danish.required, danish.atLeast(1)]);
    expect(danish.required).not.toBe(formErrorWords("en").required);
  });

  it("says what the studio profile's fields take", () => {
    expect(
      messages(ProfileInput, {
        accentColor: "red",
        logoUrl: "http://x.example/a.png",
        website: "x.example",
        contactEmail: "@",
      }),
    ).toEqual({
      accentColor: "Enter a colour as # and six hexadecimal digits, such as #0f766e",
      logoUrl: "Enter an address that starts with https://",
      website: "Enter an address that starts with https:// or http://",
      contactEmail: "Enter an email address such as ida@example.com",
    });
  });

  it("says why a webhook's address is refused, in the reader's language", () => {
    expect(messages(CreateWebhookInput, { url: "hooks", events: ["order.paid"] })).toEqual({
      url: "Enter an address that starts with https://",
    });
    const danish = formErrorWords("da");
    expect(friendlyMessage(WEBHOOK_URL_MESSAGES.https, danish)).toBe(danish.httpsAddress);
    expect(friendlyMessage(WEBHOOK_URL_MESSAGES.publicAddress, danish)).toBe(danish.publicAddress);
    expect(friendlyMessage(WEBHOOK_URL_MESSAGES.credentials, danish)).toBe(danish.noCredentials);
    expect(danish.publicAddress).not.toBe(formErrorWords("en").publicAddress);
  });

  it("keeps the schemas' own messages", () => {
    expect(friendlyMessage("endsAt must be after startsAt")).toBe("endsAt must be after startsAt");
    expect(friendlyMessage("Unknown IANA timezone")).toBe("Unknown IANA timezone");
  });
});
