import type { ApiKey } from "@prisma/client";
import { IdParam, text } from "./common";
import { z } from "./zod";

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: "0b6f6a52-0f0e-4b53-9a43-2f2c8a7d9e10" }),
    name: z.string().openapi({ example: "Booking widget" }),
    prefix: z.string().openapi({
      example: "sbk_Zm9vYmFy",
      description: "The secret's first 12 characters, to tell keys apart; the secret itself is never shown again",
    }),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable().openapi({
      description:
        "When the key last authenticated a request, to the minute (written at most once a minute); null = never",
    }),
  })
  .openapi("ApiKey");

export const CreatedApiKeySchema = z
  .object({
    apiKey: ApiKeySchema,
    secret: z.string().openapi({
      example: "sbk_q3Jr9cX0l1bG8n4kX2vJc1k9m7d0YtQwRzPpLmN5sAe",
      description:
        "The key's secret, for `Authorization: Bearer <secret>`. Shown in this answer only: it is stored as a hash",
    }),
  })
  .openapi("CreatedApiKey");

export const CreateApiKeyInput = z
  .strictObject({ name: text().trim().min(1).max(100).openapi({ example: "Booking widget" }) })
  .openapi("CreateApiKeyInput");

export const ApiKeyParams = IdParam("apiKeyId");

export type ApiKeyDto = z.infer<typeof ApiKeySchema>;
export type CreatedApiKeyDto = z.infer<typeof CreatedApiKeySchema>;

/** A key as lists show it: never its hash. */
export function serializeApiKey(key: Pick<ApiKey, "id" | "name" | "prefix" | "createdAt" | "lastUsedAt">): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}
