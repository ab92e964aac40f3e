// Test helpers for dashboard server actions: the signed-in person is chosen by setting the cookie
// that next/headers' cookies() answers (vi.mock in the test file points it here).
let token: string | undefined;

export function signInAs(sessionToken: string | undefined): void {
  token = sessionToken;
}

export const fakeCookies = async () => ({
  get: (name: string) => (name === "session" && token ? { name, value: token } : undefined),
});

export function formData(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const item of [value].flat()) data.append(name, item);
  return data;
}
