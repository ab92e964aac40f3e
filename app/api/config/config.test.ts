import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { api } from "@/tests/helpers/api";

const saved = process.env.DEMO_MODE;
afterEach(() => {
  if (saved === undefined) delete process.env.DEMO_MODE;
  else process.env.DEMO_MODE = saved;
  resetEnvCache();
});

describe("GET /config", () => {
  it("tells whether demo mode is on", async () => {
    expect(await api("GET", "/config")).toMatchObject({ status: 200, body: { demoEnabled: true } });
  });

  it.each([
    ["false", false],
    ["0", false],
    ["1", true],
  ])("follows DEMO_MODE=%s", async (value, enabled) => {
    process.env.DEMO_MODE = value;
    resetEnvCache();
    const response = await api("GET", "/config");
    expect(response.body).toEqual({ demoEnabled: enabled });
  });

  it("answers 405 for a method it does not serve", async () => {
    expect(await api("POST", "/config", { body: {} })).toMatchObject({
      status: 405,
      body: { error: "Method not allowed" },
    });
  });
});
