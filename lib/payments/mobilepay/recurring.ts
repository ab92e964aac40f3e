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

/** A charge of an active agreement, due on `due` (YYYY-MM-DD, at least 2 days ahead), retried for `retryDays`. */
export const createCharge = (
  unit: SalesUnit,
  agreementId: string,
  body: { amount: number; description: string; due: string; retryDays: number; transactionType: "DIRECT_CAPTURE" },
  idempotencyKey: string,
) =>
  mobilepayRequest<{ chargeId: string }>(
    unit,
    "POST",
    `/recurring/v3/agreements/${encodeURIComponent(agreementId)}/charges`,
    {
      body,
      idempotencyKey,
    },
  );

/** Cancels a charge not yet captured. */
export const cancelCharge = (unit: SalesUnit, agreementId: string, chargeId: string) =>
  mobilepayRequest<null>(
    unit,
    "DELETE",
    `/recurring/v3/agreements/${encodeURIComponent(agreementId)}/charges/${encodeURIComponent(chargeId)}`,
    { idempotencyKey: `cancel-${chargeId}` },
  );

/** Stops the agreement: no charge can be made on it afterwards. */
export const stopAgreement = (unit: SalesUnit, agreementId: string) =>
  mobilepayRequest<null>(unit, "PATCH", `/recurring/v3/agreements/${encodeURIComponent(agreementId)}`, {
    body: { status: "STOPPED" },
    idempotencyKey: `stop-${agreementId}`,
  });

/** Refunds `amount` minor units of a captured charge; `part` tells one part of its refunds from another. */
export const refundCharge = (
  unit: SalesUnit,
  agreementId: string,
  chargeId: string,
  amount: number,
  description: string,
  part = "",
) =>
  mobilepayRequest<null>(
    unit,
    "POST",
    `/recurring/v3/agreements/${encodeURIComponent(agreementId)}/charges/${encodeURIComponent(chargeId)}/refund`,
    { body: { amount, description }, idempotencyKey: `refund-${chargeId}${part}` },
  );
