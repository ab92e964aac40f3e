import { afterEach, describe, expect, it } from "vitest";
import { setTestPageLanguage } from "@/tests/helpers/page-language";
import { expectLogged } from "@/tests/helpers/logs";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { CreateSeasonInput } from "@/lib/schemas/season";
import { fieldErrors, runAction } from "./run-action";

describe("runAction", () => {
  it("turns a schema failure into field errors keyed by input name", async () => {
    const state = await runAction(
      async () => {
        parseWith(CreateSeasonInput, { name: "", startsAt: "2026-09-01T00:00:00Z", endsAt: "2026-08-01T00:00:00Z" });
      },
      { revalidate: "/dashboard/seasons" },
    );
    expect(state).toEqual({
      ok: false,
      error: "Please correct the marked fields.",
      fieldErrors: { name: "Required", endsAt: "The last day must not be before the first day" },
    });
  });

  describe("on a Danish page", () => {
    afterEach(() => setTestPageLanguage("en"));

    it("says each field's error in Danish, from its code", async () => {
      setTestPageLanguage("da");
      const state = await runAction(
        async () => {
          parseWith(CreateSeasonInput, { name: "", startsAt: "2026-09-01T00:00:00Z", endsAt: "2026-08-01T00:00:00Z" });
        },
        { revalidate: "/dashboard/seasons" },
      );
      expect(state).toEqual({
        ok: false,
        error: "Ret de markerede felter.",
        fieldErrors: { name: "Skal udfyldes", endsAt: "Den sidste dag må ikke ligge før den første dag" },
      });
    });
  });

  it("answers another AppError with the API's message for it", async () => {
    const state = await runAction(
      async () => {
        throw new AppError("own_membership");
      },
      { revalidate: "/dashboard/users" },
    );
    expect(state).toEqual({ ok: false, error: "You cannot remove your active membership" });
  });

  it("hides unexpected errors behind a generic message", async () => {
    expectLogged("error", /^dashboard action failed \{"error":"connection reset by peer/);
    const state = await runAction(
      async () => {
        throw new Error("connection reset by peer at 10.0.0.7");
      },
      { revalidate: "/dashboard" },
    );
    expect(state).toEqual({ ok: false, error: "Something went wrong. Nothing was changed; please try again." });
  });

  it("keeps the first message of each path and puts path-less ones on the form", () => {
    expect(
      fieldErrors(
        [
          { path: "prices.0.amount", message: "Amount is too large", code: "amount_too_large" },
          { path: "prices.0.amount", message: "Enter an amount", code: "amount_invalid" },
          { path: "", message: "Malformed JSON", code: "json_malformed" },
        ],
        "en",
      ),
    ).toEqual({ "prices.0.amount": "Amount is too large", _form: "The form could not be read; please try again" });
  });
});
