// The words of a held place (HeldPlace), in both languages, with the offer's end in the studio's zone.
import { describe, expect, it } from "vitest";
import { formatTime } from "@/lib/format/dates";
import { translatorFor } from "@/lib/i18n/translator";

const ENDS = new Date("2026-12-08T17:40:00Z");

function heldFor(locale: "da" | "en", where: { zone: string; locale: string }) {
  const t = translatorFor(locale, "HeldPlaces");
  return t.markup("heldFor", { attendee: "Ida Holm", time: formatTime(ENDS, where), person: (name) => name });
}

describe("a held place", () => {
  it("names whose it is and until when, in the studio's zone", () => {
    expect(heldFor("da", { zone: "Europe/Copenhagen", locale: "da-DK" })).toBe("Holdt til Ida Holm til kl. 18.40");
    expect(heldFor("en", { zone: "Europe/Copenhagen", locale: "en-GB" })).toBe("Held for Ida Holm until 18:40");
    expect(heldFor("da", { zone: "Europe/London", locale: "da-DK" })).toBe("Holdt til Ida Holm til kl. 17.40");
  });
});
