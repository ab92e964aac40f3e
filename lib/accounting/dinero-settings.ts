import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { sealText, unsealText } from "@/lib/crypto/sealed-text";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";
import { serializeDineroSettings, type DineroSettingsDto, type UpdateDineroSettingsInput } from "@/lib/schemas/dinero";
import { DineroError, fetchDineroToken, type DineroCredentials } from "./dinero-client";

/** GET /account/accounting/dinero: whether the studio hands its books to Dinero, and to which organization. */
export async function getDineroSettings({ db }: { db: TenantDb }): Promise<DineroSettingsDto> {
  return serializeDineroSettings(await db.dineroConnection.findFirst({}));
}

/**
 * PATCH /account/accounting/dinero: sets the organization and credentials once Dinero gives a token
 * for them (else 400 `dinero_credentials_rejected`), sealed; null disconnects. Vouchers already
 * waiting stay and are sent once connected again.
 */
export async function updateDineroSettings({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: UpdateDineroSettingsInput;
}): Promise<DineroSettingsDto> {
  if (input.dinero === null) {
    await db.dineroConnection.deleteMany({});
    return serializeDineroSettings(null);
  }
  const { organizationId, ...credentials } = input.dinero;
  await checkCredentials(credentials);
  const sealedCredentials = sealText(JSON.stringify(credentials), env().WEBHOOK_SECRET_KEY);
  const row = await db.dineroConnection.upsert({
    where: { accountId },
    create: { accountId, organizationId, sealedCredentials },
    update: { organizationId, sealedCredentials, failingSince: null },
  });
  await db.dineroVoucher.updateMany({
    where: { status: "failed" },
    data: { status: "waiting", attempts: 0, lockedUntil: null },
  });
  return serializeDineroSettings(row);
}

async function checkCredentials(credentials: DineroCredentials): Promise<void> {
  try {
    await fetchDineroToken(credentials);
  } catch (error) {
    if (error instanceof DineroError && error.name === "DineroRejected")
      throw new AppError("validation_failed", { details: [ruleDetail("dinero", "dinero_credentials_rejected")] });
    throw new AppError("service_unavailable");
  }
}

export function unsealDineroCredentials(sealed: string): DineroCredentials {
  return JSON.parse(unsealText(sealed, env().WEBHOOK_SECRET_KEY)) as DineroCredentials;
}
