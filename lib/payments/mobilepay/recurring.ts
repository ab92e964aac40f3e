import "server-only";
import { mobilepayRequest, type SalesUnit } from "./client";

// The Recurring API v3 calls we make, as their published API names them.

export type AgreementStatus = "PENDING" | "ACTIVE" | "STOPPED" | "EXPIRED";
export type ChargeStatus =
  | "PENDING"
  | "DUE"
  | "RESERVED"
  | "CHARGED"
  | "FAILED"
  | "CANCELLED"
  | "REFUNDED"
  | "PARTIALLY_REFUNDED"
  | "PROCESSING";

export type Agreement = { id: string; status: AgreementStatus };
export type Charge = {
  id: string;
  agreementId: string;
  status: ChargeStatus;
  amount: number;
  due: string;
  type: string;
};

export type NewAgreement = {
  pricing: { type: "LEGACY"; amount: number; currency: string };
  interval: { unit: "WEEK" | "MONTH" | "YEAR"; count: number };
  productName: string;
  productDescription: string;
  merchantRedirectUrl: string;
  merchantAgreementUrl: string;
  externalId: string;
  initialCharge?: { amount: number; description: string; transactionType: "DIRECT_CAPTURE"; orderId: string };
};

/** Draws up an agreement for the member to approve; the same `idempotencyKey` answers the same agreement. */
export const createAgreement = (unit: SalesUnit, body: NewAgreement, idempotencyKey: string) =>
  mobilepayRequest<{ agreementId: string; vippsConfirmationUrl: string; chargeId?: string }>(
    unit,
    "POST",
    "/recurring/v3/agreements",
    { body, idempotencyKey },
  );

export const getAgreement = (unit: SalesUnit, agreementId: string) =>
  mobilepayRequest<Agreement>(unit, "GET", `/recurring/v3/agreements/${encodeURIComponent(agreementId)}`);

export const getCharge = (unit: SalesUnit, agreementId: string, chargeId: string) =>
  mobilepayRequest<Charge>(
    unit,
    "GET",
    `/recurring/v3/agreements/${encodeURIComponent(agreementId)}/charges/${encodeURIComponent(chargeId)}`,
  );
