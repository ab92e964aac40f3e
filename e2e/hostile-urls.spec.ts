import { expect, test } from "./support/test";

// Targets that once reached the framework's plain-text 500 (issue 12): the app's own server
// (scripts/next-server.ts) repairs them before Next routes, so they answer like any unknown path.
test("a target whose percent-escapes do not decode is a 404: JSON under /api, the not-found page elsewhere", async ({
  page,
  request,
}) => {
  for (const path of ["/api/public/accounts/%ff", "/api/public/accounts/%00", "/api/public/accounts/%e0%a4/products"]) {
    const response = await request.get(path);
    expect({ path, status: response.status() }).toEqual({ path, status: 404 });
    expect(response.headers()["content-type"]).toContain("application/json");
  }
  for (const path of ["/%ff", "/%00", "/demo/%zz"]) {
    const response = await page.goto(path);
    expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
    await expect(page.getByText(/could not be found/i)).toBeVisible();
  }
});
