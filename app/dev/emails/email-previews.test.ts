import { describe, expect, it } from "vitest";
import { renderEmailPreviews } from "./email-previews";

describe("email previews", () => {
  it("render every message the product sends in Danish and English, each with a subject, HTML and a text part", async () => {
    const previews = await renderEmailPreviews();
    const names = [
      "magic-link",
      "booking-confirmed",
      "booking-cancelled",
      "booking-late-cancelled",
      "waitlist-left",
      "waitlist-promoted",
      "class-cancelled",
      "class-cancelled-waitlisted",
    ];
    expect(previews.map((p) => `${p.name} ${p.locale}`)).toEqual([
      ...names.map((name) => `${name} da`),
      ...names.map((name) => `${name} en`),
    ]);
    for (const preview of previews) {
      expect(preview.subject).not.toBe("");
      expect(preview.html).toMatch(new RegExp(`<html [^>]*lang="${preview.locale}"`));
      if (preview.name === "magic-link") expect(preview.text).toContain("http://localhost:3000/sign-in/verify?token=sample");
      else expect(preview.text).toContain("Vinyasa Flow");
    }
    const subjectIn = (name: string, locale: string) => previews.find((p) => p.name === name && p.locale === locale)!.subject;
    for (const name of names) expect(subjectIn(name, "da")).not.toBe(subjectIn(name, "en"));
  });
});
