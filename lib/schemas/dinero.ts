import { ruleIssue } from "@/lib/error-details";
import { z } from "./zod";

export const DINERO_STATUSES = ["not_connected", "connected", "failing"] as const;
export type DineroStatus = (typeof DINERO_STATUSES)[number];

export const DineroSettingsSchema = z
  .object({
    status: z.enum(DINERO_STATUSES).openapi({
      example: "connected",
      description:
        "`not_connected`: no organization set; `connected`: set, and the last voucher sent (if any) reached Dinero; " +
        "`failing`: the last voucher sent did not reach Dinero (it is tried again)",
    }),
    organizationId: z
      .string()
      .nullable()
      .openapi({ example: "123456", description: "The studio's Dinero organization" }),
  })
  .openapi("DineroSettings");
export type DineroSettingsDto = z.infer<typeof DineroSettingsSchema>;

const secret = (example: string, description: string) =>
  z.string().trim().min(1).max(500).openapi({ example, description });

export const DineroConnectionInput = z
  .strictObject({
    organizationId: z
      .string()
      .trim()
      .refine((id) => /^\d{1,12}$/.test(id), ruleIssue("dinero_organization_id"))
      .openapi({ example: "123456", description: "The organization's id, the number Dinero shows under Settings" }),
    clientId: secret("studio-integration", "The client id Dinero gave for the API (personal integration)"),
    clientSecret: secret("s3cr3t", "The client secret that goes with it"),
    apiKey: secret("a1b2c3d4e5f6", "An API key created in the organization (Settings › Integrations)"),
  })
  .openapi("DineroConnectionInput");

export const UpdateDineroSettingsInput = z
  .strictObject({
    dinero: DineroConnectionInput.nullable().openapi({
      description:
        "The organization and the credentials Dinero's API requires, checked against Dinero and stored encrypted " +
        "(never answered again); null disconnects",
    }),
  })
  .openapi("UpdateDineroSettingsInput");
export type UpdateDineroSettingsInput = z.infer<typeof UpdateDineroSettingsInput>;

export function serializeDineroSettings(
  row: { organizationId: string; failingSince: Date | null } | null,
): DineroSettingsDto {
  if (!row) return { status: "not_connected", organizationId: null };
  return { status: row.failingSince ? "failing" : "connected", organizationId: row.organizationId };
}
