import { beforeAll, describe, expect, it } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";

// Issue 45 §2: an email about a child goes to the guardian, greets the guardian and names the child
// ("Hej Nanna, Livas plads på Børnedans er booket"), with the Danish genitive right: a name ending
// in s, x or z takes an apostrophe alone ("Mads' plads").

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant();
});

async function childOf(guardian: TestMember, displayName: string) {
  const response = await api("POST", "/me/dependants", {
    token: guardian.token,
    body: { displayName, dateOfBirth: "2019-03-14" },
  });
  expect(response.status, response.text).toBe(201);
  await grant(tenant.accountId, response.body.id);
  return response.body as { id: string };
}

async function bookFor(guardian: TestMember, childId: string, title: string) {
  const dance = await createClass(tenant.accountId, { title });
  const booked = await api("POST", "/bookings", {
    token: guardian.token,
    body: { instanceId: dance.id, attendeeId: childId },
  });
  expect(booked.status, booked.text).toBe(201);
  return booked.body as { id: string };
}

describe("a booking email about a child", () => {
  it("greets the guardian and names the child, in Danish", async () => {
    const nanna = await createMember(tenant.accountId, "attendee", { displayName: "Nanna Søndergaard" });
    const liva = await childOf(nanna, "Liva Søndergaard");
    await bookFor(nanna, liva.id, "Børnedans");
    const [email] = await waitForEmails(nanna.email);
    expect(email).toMatchObject({ locale: "da" });
    expect(email!.text).toContain("Hej Nanna, Livas plads på Børnedans er booket.");
    expect(email!.text).not.toContain("Hej Liva");
  });

  it("writes the genitive of a name ending in s with an apostrophe alone", async () => {
    const karen = await createMember(tenant.accountId, "attendee", { displayName: "Karen Holm" });
    const mads = await childOf(karen, "Mads Holm");
    await bookFor(karen, mads.id, "Hiphop");
    const [email] = await waitForEmails(karen.email);
    expect(email!.text).toContain("Hej Karen, Mads' plads på Hiphop er booket.");
  });

  it("names the child in the guardian's language, and again when the booking is cancelled", async () => {
    const ruth = await createMember(tenant.accountId, "attendee", { displayName: "Ruth Berg" });
    expect((await api("PATCH", "/me", { token: ruth.token, body: { locale: "en" } })).status).toBe(200);
    const james = await childOf(ruth, "James Berg");
    const booking = await bookFor(ruth, james.id, "Kids' dance");
    const [confirmed] = await waitForEmails(ruth.email);
    expect(confirmed).toMatchObject({ locale: "en" });
    expect(confirmed!.text).toContain("Hi Ruth, James' place on Kids' dance is booked.");
    expect((await api("DELETE", `/bookings/${booking.id}`, { token: ruth.token })).status).toBe(200);
    const [, cancelled] = await waitForEmails(ruth.email, 2);
    expect(cancelled!.text).toContain("Hi Ruth, James' booking of Kids' dance is cancelled.");
  });

  it("greets a member booking for themselves as before", async () => {
    const solo = await createMember(tenant.accountId, "attendee", { displayName: "Sofie Dahl" });
    await grant(tenant.accountId, solo.userId);
    const yoga = await createClass(tenant.accountId, { title: "Yin" });
    expect((await api("POST", "/bookings", { token: solo.token, body: { instanceId: yoga.id } })).status).toBe(201);
    const [email] = await waitForEmails(solo.email);
    expect(email!.text).toContain("Hej Sofie Dahl,");
  });
});
