import { describe, expect, it } from "vitest";
import { renderMagicLinkEmail } from "./magic-link-email";

describe("renderMagicLinkEmail", () => {
  it("carries the full sign-in link in the text part and in the HTML", async () => {
    const url = `http://localhost:3000/sign-in/verify?token=${"Ab3_-".repeat(10)}`;
    const email = await renderMagicLinkEmail({ url, accountName: "Studio Nord", validMinutes: 15 });
    expect(email.subject).toBe("Sign in to Studio Nord");
    expect(email.text).toContain(url);
    expect(email.text).toContain("Press the button to sign in.");
    expect(email.text).not.toContain("<");
    expect(email.html).toContain(url);
  });
});
