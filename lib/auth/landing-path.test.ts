import { describe, expect, it } from "vitest";
import { landingPath } from "./landing-path";

describe("where a sign-in link lands without a page to return to", () => {
  it("takes administrators and teachers to the dashboard", () => {
    expect(landingPath({ persona: "administrator", slug: "lotus" })).toBe("/dashboard");
    expect(landingPath({ persona: "teacher", slug: "lotus" })).toBe("/dashboard");
  });

  it("takes attendees to their studio's schedule, or home when the studio is gone", () => {
    expect(landingPath({ persona: "attendee", slug: "yoga-paa-noerrebro" })).toBe("/yoga-paa-noerrebro");
    expect(landingPath({ persona: "attendee", slug: undefined })).toBe("/");
  });
});
