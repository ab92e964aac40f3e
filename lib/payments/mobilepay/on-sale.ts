/**
 * Whether members can buy memberships with MobilePay (issue 34 §1): checkout, the agreement's events
 * and renewals are built, so the studio's settings page offers to connect a sales unit and the
 * order summary of a membership offers MobilePay when one is connected.
 */
export const MOBILEPAY_MEMBERSHIPS_ON_SALE = true;
