// One studio's uploads cannot take the process down (issue 43 §6): a file is read as it arrives,
// a line or cell past 64 kB is refused as soon as it passes the limit, and a process reads, commits
// and checks again only a few imports at once (IMPORTS_AT_ONCE), the rest served in turn or 503.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { holdJobs } from "@/lib/jobs/wake";
import { api } from "@/tests/helpers/api";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const csv = (text: string) => new TextEncoder().encode(text);
const KB = 1024;

let tenant: TestTenant;
beforeAll(async () => {
  await holdJobs(); // the commit below is answered without the jobs runner
});
beforeEach(async () => {
  tenant = await createTenant();
});

type Upload = { file: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>; headers?: Record<string, string> };
function upload({ file, headers = {} }: Upload) {
  return api("POST", "/imports?kind=people", {
    token: tenant.admin.token,
    rawBody: file,
    headers: { "content-type": "text/csv", ...headers },
  });
}

/**
 * A body that arrives in 16 kB chunks: `head`, then `fill` repeated up to `size` bytes, then `tail`.
 * Past `explodeAfter` bytes a read throws, as if the body went on beyond what may be held.
 */
function arriving({
  head,
  fill,
  size,
  tail = "",
  explodeAfter = Infinity,
}: {
  head: string;
  fill: string;
  size: number;
  tail?: string;
  explodeAfter?: number;
}) {
  const chunk = csv(fill.repeat(Math.ceil((16 * KB) / fill.length))).subarray(0, 16 * KB);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const first = csv(head);
      sent += first.byteLength;
      controller.enqueue(first);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(csv(tail));
        return controller.close();
      }
      if (sent + chunk.byteLength > explodeAfter) throw new Error(`read past ${explodeAfter} bytes`);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, read: () => sent };
}

const lineTooLong = (line: number) => ({
  status: 400,
  body: {
    error: "Validation failed",
    details: [{ path: "body", code: "import_line_too_long", params: { line, maximum: 64 * KB } }],
  },
});

describe("POST /imports: a line or cell longer than 64 kB", () => {
  it("answers 400 import_line_too_long for a 65 kB cell, quoted or not, in the header or a row, and keeps no import", async () => {
    const cell = "x".repeat(65 * KB);
    expect(await upload({ file: csv(`Email,Notes\nida@example.com,"${cell}"\n`) })).toMatchObject(lineTooLong(2));
    expect(await upload({ file: csv(`Email,Notes\nida@example.com,${cell}\nbo@example.com,Bo\n`) })).toMatchObject(
      lineTooLong(2),
    );
    expect(await upload({ file: csv(`"Email${cell}",Name\nida@example.com,Ida\n`) })).toMatchObject(lineTooLong(1));
    expect(await db.import.count({ where: { accountId: tenant.accountId } })).toBe(0);
  });

  it("answers 400 import_line_too_long for a 65 kB line of short cells, after rows that were fine", async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `p${i}@example.com,ok`).join("\n");
    const file = csv(`Email,Notes\n${rows}\nlast@example.com,${"a,".repeat(33 * 1000)}\n`);
    expect(await upload({ file })).toMatchObject(lineTooLong(1502));
    expect(await db.import.count({ where: { accountId: tenant.accountId } })).toBe(0); // the rows kept so far went with it
  });

  it("takes a cell just under the limit", async () => {
    const response = await upload({ file: csv(`Email,Extra\nida@example.com,"${"x".repeat(60 * 1000)}"\n`) });
    expect(response).toMatchObject({ status: 201, body: { validRows: 1 } });
  });

  it("refuses a 9.9 MB header cell before reading past 128 kB of the body, with its length declared or not", async () => {
    for (const declared of [true, false]) {
      const body = arriving({ head: '"Email', fill: "x", size: 9_900_000, tail: '",Name\n', explodeAfter: 128 * KB });
      const headers: Record<string, string> = declared ? { "content-length": String(9_900_000 + 7) } : {};
      // read past 128 kB, the body would throw: the answer would be a 500, not the refusal
      expect(await upload({ file: body.stream, headers })).toMatchObject(lineTooLong(1));
    }
  });

  it("refuses the 9.9 MB header cell of a body that goes on to its end, and still answers 413 past 10 MB", async () => {
    const cell = arriving({ head: '"Email', fill: "x", size: 9_900_000, tail: '",Name\nida@example.com,Ida\n' });
    expect(await upload({ file: cell.stream })).toMatchObject(lineTooLong(1));
    expect(cell.read()).toBeGreaterThanOrEqual(9_900_000); // read to its end and dropped: the client gets the answer
    const over = arriving({ head: "Email,Notes\n", fill: "y", size: 10 * KB * KB + 1 });
    expect(await upload({ file: over.stream })).toMatchObject({ status: 413, body: { error: "Payload too large" } });
  });
});

describe("imports at once in one process", () => {
  const original = process.env.IMPORTS_AT_ONCE;
  beforeEach(() => {
    process.env.IMPORTS_AT_ONCE = "1";
    resetEnvCache();
  });
  afterEach(() => {
    if (original === undefined) delete process.env.IMPORTS_AT_ONCE;
    else process.env.IMPORTS_AT_ONCE = original;
    resetEnvCache();
  });

  it("serves uploads beyond the limit in turn, answers 503 with Retry-After past the queue, commits included; never a 500", async () => {
    const previewed = await upload({ file: csv("Email\nida@example.com\n") });
    expect(previewed.status).toBe(201);

    // an upload that holds the one turn until released: its body stops after its first row
    let release!: () => void;
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          controller.enqueue(csv("Email\nslow@example.com\n"));
          reading(); // pulled only when read (highWaterMark 0): the upload has its turn
          await released;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const holding = upload({ file: slow });
    await started;

    // four wait their turn (IMPORTS_AT_ONCE × 4); the fifth to arrive is answered at once
    const others = Array.from({ length: 5 }, (_, i) => upload({ file: csv(`Email\nwaiting${i}@example.com\n`) }));
    const first = await Promise.race(others);
    expect(first).toMatchObject({ status: 503, body: { error: "Service unavailable" } });
    expect(first.headers.get("retry-after")).toBe("5");
    const commit = await api("POST", `/imports/${previewed.body.id}/commit`, { token: tenant.admin.token });
    expect(commit).toMatchObject({ status: 503, body: { error: "Service unavailable" } });
    expect(commit.headers.get("retry-after")).toBe("5");
    expect((await db.import.findUniqueOrThrow({ where: { id: previewed.body.id } })).status).toBe("previewed");

    release();
    expect((await holding).status).toBe(201);
    const statuses = (await Promise.all(others)).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 503]);
    expect(await api("POST", `/imports/${previewed.body.id}/commit`, { token: tenant.admin.token })).toMatchObject({
      status: 202,
      body: { status: "committed", created: 1 },
    });
  });
});
