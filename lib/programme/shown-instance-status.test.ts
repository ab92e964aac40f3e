import { describe, expect, it } from "vitest";
import { shownInstanceStatus } from "./shown-instance-status";

const now = new Date("2026-03-10T12:00:00Z");
const endsAt = (iso: string) => new Date(iso);

describe("a class's status as staff read it", () => {
  it("is held once its end has passed, and its own status before", () => {
    expect(shownInstanceStatus({ status: "scheduled", endsAt: endsAt("2026-03-10T11:00:00Z") }, now)).toBe("held");
    expect(shownInstanceStatus({ status: "moved", endsAt: endsAt("2026-03-10T12:00:00Z") }, now)).toBe("held");
    expect(shownInstanceStatus({ status: "scheduled", endsAt: endsAt("2026-03-10T12:30:00Z") }, now)).toBe("scheduled");
  });

  it("keeps a cancelled class cancelled", () => {
    expect(shownInstanceStatus({ status: "cancelled", endsAt: endsAt("2026-03-10T11:00:00Z") }, now)).toBe("cancelled");
  });
});
