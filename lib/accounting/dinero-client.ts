// Dinero's public API (decision 0042), with plain fetch: a personal integration's token (client id
// and secret in Basic auth, the organization's API key as username and password), the receipt PDF
// posted as a file, and a manual voucher ("Manuelt bilag") created and booked. The URLs come from
// the environment (DINERO_API_URL, DINERO_TOKEN_URL) so tests reach a fake.
import { env } from "@/lib/env";

export type DineroCredentials = { clientId: string; clientSecret: string; apiKey: string };

/** What Dinero answered when it was not a success: the status names the error (never the body). */
export class DineroError extends Error {
  constructor(readonly status: number) {
    super(`Dinero answered ${status}`);
    this.name = status === 400 || status === 401 || status === 403 ? "DineroRejected" : "DineroUnavailable";
  }
}

export type DineroVoucherLine = {
  Description: string;
  AccountNumber: number;
  BalancingAccountNumber: number;
  /** Kroner with decimals, VAT included; negative on a credit voucher. */
  Amount: number;
  AccountVatCode: null;
  BalancingAccountVatCode: string | null;
};

export type DineroManualVoucher = {
  VoucherDate: string;
  ExternalReference: string;
  FileGuid: string;
  Lines: DineroVoucherLine[];
};

export async function fetchDineroToken(credentials: DineroCredentials): Promise<string> {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`, "utf8").toString("base64");
  const response = await fetch(env().DINERO_TOKEN_URL, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      scope: "read write",
      username: credentials.apiKey,
      password: credentials.apiKey,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new DineroError(response.status);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The API of one organization under one access token. */
export function dineroApi(organizationId: string, token: string) {
  const call = async <T>(path: string, init: RequestInit): Promise<T> => {
    const response = await fetch(`${env().DINERO_API_URL}/v1/${encodeURIComponent(organizationId)}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, accept: "application/json", ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new DineroError(response.status);
    return (await response.json()) as T;
  };
  const postJson = <T>(path: string, body: unknown) =>
    call<T>(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return {
    /** POST /files: the voucher's document; answers its FileGuid. */
    uploadFile: async (fileName: string, pdf: Buffer): Promise<string> => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), fileName);
      return (await call<{ FileGuid: string }>("/files", { method: "POST", body: form })).FileGuid;
    },
    /** POST /vouchers/manuel: a draft voucher; answers its Guid and TimeStamp. */
    createManualVoucher: (voucher: DineroManualVoucher) =>
      postJson<{ Guid: string; TimeStamp: string }>("/vouchers/manuel", voucher),
    /** GET /vouchers/manuel/{guid}: its TimeStamp, which booking names. */
    getManualVoucher: (guid: string) =>
      call<{ Guid: string; TimeStamp: string; Status?: string }>(`/vouchers/manuel/${guid}`, { method: "GET" }),
    /** POST /vouchers/manuel/{guid}/book: the draft booked (in the books) with its voucher number. */
    bookManualVoucher: (guid: string, timestamp: string) =>
      postJson<{ Guid: string; VoucherNumber: number }>(`/vouchers/manuel/${guid}/book`, { Timestamp: timestamp }),
  };
}
