import { describe, expect, it } from "vitest";
import { renderMagicLinkEmail } from "./magic-link-email";

const url = `http://localhost:3000/sign-in/verify?token=${"Ab3_-".repeat(10)}`;

describe("renderMagicLinkEmail", () => {
  it("carries the full sign-in link in the text part and in the HTML", async () => {
    const email = await renderMagicLinkEmail({ url, accountName: "Studio Nord", validMinutes: 15, locale: "en" });
    expect(email.subject).toBe("Sign in to Studio Nord");
    expect(email.locale).toBe("en");
    expect(email.text).toContain(url);
    expect(email.text).toContain("Press the button to sign in.");
    expect(email.text).not.toContain("<");
    expect(email.html).toContain(url);
    expect(email.html).toMatch(/<html [^>]*lang="en"/);
  });

  it("is written in Danish for a Danish reader, the link unchanged", async () => {
    const email = await renderMagicLinkEmail({ url, accountName: "Studio Nord", validMinutes: 15, locale: "da" });
    expect(email.subject).toBe("Log ind på Studio Nord");
    expect(email.locale).toBe("da");
    expect(email.text).toContain("Tryk på knappen for at logge ind. Linket virker én gang og udløber om 15 minutter.");
    expect(email.text).toContain(url);
    expect(email.html).toMatch(/<html [^>]*lang="da"/);
    expect(email.html).toContain(">Log ind<");
    expect(email.html).not.toContain("Sign in");
  });
});
