// An email's render and write, alone (issue 35's aim): booking confirmations rendered and written to
// the outbox by the email worker thread as a drain hands them over under load (batches of 20), with
// the CPU of every thread of this process per email. The probe's figure after an unloaded booking is
// larger: it also holds the wake, the claim and delete statements and the worker's hand-off for one.
import fs from "node:fs";
import type { BookingEmailJob } from "@/lib/email/email-worker";
import { runInEmailWorker } from "@/lib/email/email-workers";

const WARM_UP = 200;
const EMAILS = 1_000;
const BATCH = 20;

export type EmailCpu = { cpuMs: number; wallMs: number; emails: number };

/** Renders and writes EMAILS confirmations into `outboxDir` (after WARM_UP unmeasured), then deletes them. */
export async function measureEmailCpu(outboxDir: string): Promise<EmailCpu> {
  const transport = { kind: "outbox" as const, dir: outboxDir };
  const send = async (from: number, count: number) => {
    for (let first = from; first < from + count; first += BATCH) {
      const jobs = Array.from({ length: BATCH }, (_, k) => confirmation(first + k));
      const outcomes = await runInEmailWorker({ kind: "booking-emails", transport, jobs });
      if (!outcomes.every((outcome) => "sent" in outcome)) throw new Error("an email of the CPU measure was not sent");
    }
  };
  await send(0, WARM_UP);
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  await send(WARM_UP, EMAILS);
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - started;
  for (const file of fs.readdirSync(outboxDir)) if (file.startsWith("booking-cpu-")) fs.rmSync(`${outboxDir}/${file}`);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / EMAILS, wallMs: wallMs / EMAILS, emails: EMAILS };
}

/** A confirmation of a Danish studio's class, as the bench's attendees get it. */
function confirmation(k: number): BookingEmailJob {
  const bookingId = `cpu-${k}`;
  return {
    id: `booking-cpu-${k}`,
    notice: { kind: "confirmed", bookingId, wasWaitlisted: false },
    facts: {
      bookingId,
      status: "confirmed",
      accountName: "Bench Studio",
      locale: "da-DK",
      timezone: "Europe/Copenhagen",
      attendeeEmail: `attendee-${k}@example.com`,
      attendeeName: "Ida Holm",
      guardianName: null,
      attendeeLocale: null,
      eventTitle: "Morgenvinyasa",
      location: "Studio Nørrebro",
      address: "Nørrebrogade 1, 2200 København N",
      cancellationWindowHours: 12,
      startsAt: new Date("2026-12-01T07:00:00Z"),
      endsAt: new Date("2026-12-01T08:00:00Z"),
      teacherNames: ["Mette Lund"],
      calendarHost: "bench.example",
      calendarSequence: 0,
      offerExpiresAt: null,
      slug: "bench",
      claimUrl: "http://localhost/bench/me",
    },
  };
}
