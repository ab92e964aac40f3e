import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dependantEmail, erasedEmail, isRealEmail, noEmailAddress, realEmail } from "./stand-in-addresses";

// The one rule of "is this a real address" lives in stand-in-addresses.ts (isRealEmail/realEmail) and
// in its SQL twin real_email (prisma/sql/functions/real_email.sql: the people search key leaves a
// stand-in out). Both must answer the same for every address.

const ADDRESSES = [
  noEmailAddress(),
  dependantEmail(crypto.randomUUID()),
  erasedEmail(crypto.randomUUID()),
  "SOMEONE@NO-EMAIL.INVALID",
  "x@anything.invalid",
  "x@anything.invalid ",
  "ida@example.com",
  "ida.invalid@example.com",
  "invalid@invalid.com",
  "ida@example.invalidx",
  "ida@invalid",
  "søren@eksempel.dk",
];

async function inSql(email: string): Promise<string | null> {
  const [row] = await db.$queryRaw<{ email: string | null }[]>`SELECT real_email(${email}) AS email`;
  return row!.email;
}

describe("realEmail and real_email", () => {
  it("call every stand-in address not a real one", () => {
    for (const stand_in of ADDRESSES.slice(0, 6)) {
      expect(isRealEmail(stand_in), stand_in).toBe(false);
      expect(realEmail(stand_in), stand_in).toBeNull();
    }
    for (const real of ADDRESSES.slice(6)) expect(realEmail(real), real).toBe(real);
  });

  it.each(ADDRESSES)("answer the same in SQL as in TypeScript for %j", async (email) => {
    expect(await inSql(email)).toBe(realEmail(email));
  });
});
