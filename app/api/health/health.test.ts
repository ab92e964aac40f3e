import { describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";

describe("GET /health", () => {
  it("answers ok without touching the store", async () => {
    const response = await api("GET", "/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });

  it("answers 405 with the contract's body for a method the path does not serve", async () => {
    const response = await api("POST", "/health");
    expect(response.status).toBe(405);
    expect(response.body).toEqual({ error: "Method not allowed" });
  });
});

describe("GET /health/ready", () => {
  it("answers ready when the store can be read", async () => {
    const response = await api("GET", "/health/ready");
    expect(response).toMatchObject({ status: 200, body: { status: "ready" } });
  });
});

describe("unknown paths under /api", () => {
  it("answer a JSON 404", async () => {
    const response = await api("GET", "/no/such/thing");
    expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
  });
});
