import { describe, expect, it } from "vitest";
import { studioSlugOf } from "./request-locale";

describe("the studio whose language a page may speak", () => {
  it("is the first segment of a studio's page", () => {
    expect(studioSlugOf("/demo")).toBe("demo");
    expect(studioSlugOf("/demo/passes")).toBe("demo");
  });

  it("is the studio a sign-in page is for", () => {
    expect(studioSlugOf("/sign-in?account=demo")).toBe("demo");
    expect(studioSlugOf("/sign-in")).toBeUndefined();
  });

  it("is none for the app's own pages and for what is not a slug", () => {
    for (const page of ["/", "/dashboard", "/dashboard/settings", "/signup", "/docs/", "/dev/emails", null])
      expect(studioSlugOf(page)).toBeUndefined();
    expect(studioSlugOf("/sign-in?account=Not%20a%20slug")).toBeUndefined();
    expect(studioSlugOf("/UPPER")).toBeUndefined();
  });
});
