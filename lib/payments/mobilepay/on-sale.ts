/**
 * Whether members can buy memberships with MobilePay (issue 34 §1). Until checkout, the agreement's
 * events and renewals are built, the studio's settings page does not offer to connect a sales unit
 * (it would promise what members cannot yet do); the API (`PATCH /account/payments` `mobilepay`)
 * and the signed webhook endpoint are in place and tested.
 */
export const MOBILEPAY_MEMBERSHIPS_ON_SALE = false;
