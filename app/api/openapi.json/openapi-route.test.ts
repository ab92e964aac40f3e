import { describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";

describe("GET /openapi.json", () => {
  it("serves the OpenAPI 3.1 contract without credentials", async () => {
    const response = await api("GET", "/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.body.openapi).toBe("3.1.0");
    expect(response.body.info.version).toBe("0.3.0");
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(["/bookings", "/groups/{groupId}", "/series/{seriesId}"]),
    );
  });

  it("answers 405 with the contract's body for other methods", async () => {
    const response = await api("POST", "/openapi.json", { body: {} });
    expect(response).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
  });
});
