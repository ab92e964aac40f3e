import type { Account } from "@prisma/client";
import { basisPointsToPercent, percentToBasisPoints } from "@/lib/receipts/vat";
import { text } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

/** Blank means unset: a cleared form field clears the detail. */
const legalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((value) => (value === "" ? null : value))
    .nullable();

export const LegalDetailsInput = z
  .strictObject({
    name: legalText(200).openapi({ example: "Demo Studio ApS", description: "The seller's legal name" }),
    address: legalText(500).openapi({
      example: "Nørrebrogade 1\n2200 København N",
      description: "Postal address; lines separated by line breaks",
    }),
    vatNumber: legalText(40).openapi({ example: "DK12345678", description: "VAT/CVR number, as printed" }),
    vatRate: z
      .number()
      .min(0)
      .max(100)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, ruleIssue("vat_rate_precision"))
      .nullable()
      .openapi({
        example: 25,
        description:
          "Percent, up to two decimals (Danish moms: 25). Paid orders carry the VAT their amount includes at this rate; null: none",
      }),
    vatExempt: z.boolean().openapi({
      example: false,
      description:
        "The studio is not registered for VAT (only VAT-exempt teaching, say): the setup checklist then asks for no VAT rate or CVR number",
    }),
  })
  .partial()
  .openapi("AccountLegalUpdate", {
    description: "Partial: a field sent sets it, null (or a blank text) clears it, an absent field stays as it is.",
  });

export type LegalDetailsInput = z.infer<typeof LegalDetailsInput>;

export const LegalDetailsSchema = z
  .object({
    name: z.string().nullable().openapi({ example: "Demo Studio ApS" }),
    address: z.string().nullable().openapi({ example: "Nørrebrogade 1\n2200 København N" }),
    vatNumber: z.string().nullable().openapi({ example: "DK12345678" }),
    vatRate: z.number().nullable().openapi({ example: 25, description: "Percent" }),
    vatExempt: z.boolean().openapi({ example: false, description: "The studio is not registered for VAT" }),
  })
  .openapi("AccountLegal", {
    description: "The studio's legal details, printed on its receipts; null where unset.",
  });

export type LegalDetailsDto = z.infer<typeof LegalDetailsSchema>;

type LegalColumns = Pick<Account, "legalName" | "legalAddress" | "vatNumber" | "vatRateBasisPoints" | "vatExempt">;

export function serializeLegalDetails(account: LegalColumns): LegalDetailsDto {
  return {
    name: account.legalName,
    address: account.legalAddress,
    vatNumber: account.vatNumber,
    vatRate: account.vatRateBasisPoints === null ? null : basisPointsToPercent(account.vatRateBasisPoints),
    vatExempt: account.vatExempt,
  };
}

/** The columns a (partial) legal update writes; absent fields are left out. */
export function legalDetailsData(input: LegalDetailsInput | undefined): Partial<LegalColumns> {
  if (!input) return {};
  const { name, address, vatNumber, vatRate, vatExempt } = input;
  return {
    legalName: name,
    legalAddress: address,
    vatNumber,
    vatRateBasisPoints: vatRate === undefined ? undefined : vatRate === null ? null : percentToBasisPoints(vatRate),
    vatExempt,
  };
}
