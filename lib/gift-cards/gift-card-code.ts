import { randomInt } from "node:crypto";
import { hashToken } from "@/lib/auth/tokens";
import { sealText, unsealText } from "@/lib/crypto/sealed-text";
import { env } from "@/lib/env";

/**
 * A gift card's code (decision 0051): 12 characters from an alphabet without look-alikes (no 0/O,
 * 1/I/L), shown grouped 4-4-4 ("K7QM-XP3R-9HWD"). It is a bearer credential: the database keeps its
 * hash and its last four; the clear code waits sealed only until its emails have gone out.
 */
export const GIFT_CARD_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_LENGTH = 12;

/** A new random code, ungrouped (12 characters of the alphabet). */
export function newGiftCardCode(): string {
  let code = "";
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++)
    code += GIFT_CARD_CODE_ALPHABET[randomInt(GIFT_CARD_CODE_ALPHABET.length)];
  return code;
}

/**
 * The code as typed, made comparable: upper case, without spaces or dashes. Null when what is left
 * is not 12 characters of the alphabet (no code can match it).
 */
export function normaliseGiftCardCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, "");
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const character of code) if (!GIFT_CARD_CODE_ALPHABET.includes(character)) return null;
  return code;
}

/** "K7QM-XP3R-9HWD": how the code is shown to the person who holds it. */
export function groupGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

/** What the database keeps instead of the code (looked up by it). */
export function giftCardCodeHash(code: string): string {
  return hashToken(`gift-card:${code}`);
}

export function giftCardCodeLast4(code: string): string {
  return code.slice(-4);
}

const keySetting = () => `gift-card-code:${env().AUTH_SECRET}`;

/** The code sealed while its emails wait (GiftCard.codeSealed). */
export const sealGiftCardCode = (code: string): string => sealText(code, keySetting());
export const unsealGiftCardCode = (sealed: string): string => unsealText(sealed, keySetting());
