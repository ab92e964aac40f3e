import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { TenantTx } from "@/lib/db/tenant-db";
import { changeInstance } from "./change-instance";
import { ruleDetail } from "@/lib/error-details";

type Audience = "everyone" | "groups" | "nobody";

/**
 * Replaces who may book an instance; its status is unchanged. Audience `groups` needs groups of
 * this account (else 400); `everyone` and `nobody` clear `groupIds`.
 */
export async function setInstanceBookability({
  db,
  instanceId,
  audience,
  groupIds = [],
}: {
  db: TenantDb;
  instanceId: string;
  audience: Audience;
  groupIds?: string[];
}) {
  const requested = audience === "groups" ? groupIds : [];
  const ids = [...new Set(requested)];
  return changeInstance({
    db,
    instanceId,
    decide: async (_instance, tx) => {
      await assertGroupsOfAccount(tx, requested);
      return { data: { audience, groupIds: ids } };
    },
  });
}

async function assertGroupsOfAccount(tx: TenantTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await tx.group.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((g) => g.id));
  const details = ids.flatMap((id, index) => (known.has(id) ? [] : [ruleDetail(`groupIds.${index}`, "group_unknown")]));
  if (details.length > 0) throw new AppError("validation_failed", { details });
}
