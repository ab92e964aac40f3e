// Calling a server action in a test: the request it sees through next/headers (a client address and
// a cookie jar whose session is the member signed in), and where its redirect goes. vi.mock is only
// hoisted in a test file, so each file points next/headers and next/cache here itself:
//
//   vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
//   vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);
//
// then imports the actions with `await import(...)`, after the mocks. This file imports nothing of the
// app: the mocks load it while the app's modules are being imported.
import { expect, vi } from "vitest";
import { fakeCookies, signInAs as signIn } from "@/components/forms/testing";

/** Who is signed in: the session cookie the action reads is this token (undefined: nobody). */
export function signInAs(sessionToken: string | undefined): void {
  signIn(sessionToken);
}

type Cookie = { name: string; value: string };

/** The request the action sees: its headers (the client address our server stamps) and the cookies it set. */
export const actionRequest = { headers: new Headers(), setCookies: [] as Cookie[] };

/** next/headers for a server action: the request's headers and a cookie jar (the session of signInAs). */
export const nextHeaders = {
  headers: async () => actionRequest.headers,
  cookies: async () => ({
    ...(await fakeCookies()),
    set: (cookie: Cookie) => actionRequest.setCookies.push(cookie),
  }),
};

/** next/cache for a server action: revalidating a page does nothing. */
export const nextCache = { revalidatePath: vi.fn() };

/** Where a server action's redirect goes (Next.js throws it, with the address in its digest). */
export async function redirectOf(work: Promise<unknown>): Promise<string> {
  const error = (await work.then(
    () => null,
    (thrown: unknown) => thrown,
  )) as { digest?: string } | null;
  expect(error?.digest, "the action redirects").toMatch(/^NEXT_REDIRECT;/);
  return error!.digest!.split(";")[2]!;
}
