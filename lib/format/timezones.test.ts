import { describe, expect, it } from "vitest";
import { cityOf, groupTimezones, regionOf, TIMEZONE_REGIONS, timezoneChoice, utcOffset } from "./timezones";

const JANUARY = new Date("2027-01-15T12:00:00Z");
const JULY = new Date("2027-07-15T12:00:00Z");

describe("utcOffset", () => {
  it("is the zone's offset at the instant: Copenhagen +01:00 in winter, +02:00 in summer", () => {
    expect(utcOffset("Europe/Copenhagen", JANUARY)).toBe("+01:00");
    expect(utcOffset("Europe/Copenhagen", JULY)).toBe("+02:00");
    expect(utcOffset("America/New_York", JANUARY)).toBe("-05:00");
    expect(utcOffset("Asia/Kathmandu", JULY)).toBe("+05:45");
    expect(utcOffset("UTC", JULY)).toBe("+00:00");
  });

  it("changes at the transition, not on the day", () => {
    // Europe leaves summer time on 31 October 2027 at 01:00 UTC.
    expect(utcOffset("Europe/Copenhagen", new Date("2027-10-31T00:59:59Z"))).toBe("+02:00");
    expect(utcOffset("Europe/Copenhagen", new Date("2027-10-31T01:00:00Z"))).toBe("+01:00");
  });
});

describe("names", () => {
  it("names the city, with the sub-region of a three-part name", () => {
    expect(cityOf("Europe/Copenhagen")).toBe("Copenhagen");
    expect(cityOf("America/New_York")).toBe("New York");
    expect(cityOf("America/Argentina/San_Juan")).toBe("San Juan (Argentina)");
    expect(cityOf("UTC")).toBe("UTC");
    expect(cityOf("Etc/GMT+5")).toBe("Etc/GMT+5");
  });

  it("groups by the first part of the name, anything else under Other", () => {
    expect(regionOf("Europe/Copenhagen")).toBe("Europe");
    expect(regionOf("America/Indiana/Knox")).toBe("America");
    expect(regionOf("UTC")).toBe("Other");
    expect(regionOf("Etc/GMT+5")).toBe("Other");
    expect(regionOf("US/Eastern")).toBe("Other");
    expect(regionOf("Europe")).toBe("Other");
  });

  it("labels a choice city first with its offset", () => {
    expect(timezoneChoice("Europe/Copenhagen", JANUARY)).toEqual({
      zone: "Europe/Copenhagen",
      city: "Copenhagen",
      offset: "+01:00",
      label: "Copenhagen — UTC+01:00",
    });
    expect(timezoneChoice("Europe/Copenhagen", JULY).label).toBe("Copenhagen — UTC+02:00");
  });
});

describe("groupTimezones", () => {
  it("groups every zone the platform knows by region, Europe first, cities in order, UTC under Other", () => {
    const groups = groupTimezones({ at: JANUARY });
    expect(groups.map((group) => group.region)).toEqual(TIMEZONE_REGIONS);
    expect(groups[0]!.region).toBe("Europe");
    const all = groups.flatMap((group) => group.zones.map((choice) => choice.zone));
    expect(all).toEqual(expect.arrayContaining([...Intl.supportedValuesOf("timeZone"), "UTC"]));
    expect(new Set(all).size).toBe(all.length);
    for (const group of groups) {
      const cities = group.zones.map((choice) => choice.city);
      expect(cities).toEqual([...cities].sort((a, b) => a.localeCompare(b, "en")));
      for (const choice of group.zones) expect(regionOf(choice.zone)).toBe(group.region);
    }
    const europe = groups[0]!.zones;
    expect(europe.find((choice) => choice.zone === "Europe/Copenhagen")?.label).toBe("Copenhagen — UTC+01:00");
    expect(europe.find((choice) => choice.zone === "Europe/London")?.offset).toBe("+00:00");
    expect(groups.at(-1)).toEqual({ region: "Other", zones: [timezoneChoice("UTC", JANUARY)] });
  });

  it("keeps the current zone among the choices when the platform does not list it", () => {
    const groups = groupTimezones({ at: JULY, current: "US/Eastern", zones: ["Europe/Copenhagen"] });
    expect(groups).toEqual([
      { region: "Europe", zones: [timezoneChoice("Europe/Copenhagen", JULY)] },
      {
        region: "Other",
        zones: [
          { zone: "US/Eastern", city: "US/Eastern", offset: "-04:00", label: "US/Eastern — UTC-04:00" },
          timezoneChoice("UTC", JULY),
        ],
      },
    ]);
  });
});
