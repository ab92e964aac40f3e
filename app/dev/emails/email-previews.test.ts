import { describe, expect, it } from "vitest";
import { renderEmailPreviews } from "./email-previews";

describe("email previews", () => {
  it("render every message the product sends, each with a subject, HTML and a text part", async () => {
    const previews = await renderEmailPreviews();
    expect(previews.map((p) => p.name)).toEqual([
      "magic-link",
      "booking-confirmed",
      "booking-cancelled",
      "booking-late-cancelled",
      "waitlist-promoted",
      "class-cancelled",
    ]);
    for (const preview of previews) {
      expect(preview.subject).not.toBe("");
      expect(preview.html).toContain("<html");
    }
    const [magicLink, ...bookingMessages] = previews;
    expect(magicLink!.text).toContain("http://localhost:3000/sign-in/verify?token=sample");
    for (const message of bookingMessages) expect(message.text).toContain("Vinyasa Flow");
  });
});
