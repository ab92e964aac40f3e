import "server-only";
import type { GiftCard } from "@prisma/client";
import { AppError } from "@/lib/errors";
import { hitRateLimit, peekRateLimit } from "@/lib/rate-limit/hit-rate-limit";
import { giftCardGuessLimits } from "@/lib/rate-limit/rules";
import { giftCardCodeHash, normaliseGiftCardCode } from "./gift-card-code";

/** What finds a card by its code: a studio's tenant db (its cards only) or the base client (any studio's). */
type GiftCardReader = { giftCard: { findFirst(args: { where: { codeHash: string } }): Promise<GiftCard | null> } };

/**
 * The card a typed code names (in any case, with or without dashes or spaces), for a client at
 * `clientIp`. A code that finds none counts against the IP's guesses (giftCardGuessLimits) and answers
 * 404 `Gift card not found`; once the guesses are used up every code answers 429 until the window
 * ends, so a code cannot be found by trying. Whether the card can pay is the caller's to judge.
 */
export async function findGiftCardByCode(
  reader: GiftCardReader,
  typed: string,
  { clientIp }: { clientIp: string },
): Promise<GiftCard> {
  const [rule] = giftCardGuessLimits({ clientIp });
  const room = await peekRateLimit(rule!);
  if (!room.allowed) throw new AppError("too_many_requests", { retryAfter: room.retryAfterSeconds });
  const code = normaliseGiftCardCode(typed);
  const card = code ? await reader.giftCard.findFirst({ where: { codeHash: giftCardCodeHash(code) } }) : null;
  if (card) return card;
  const guess = await hitRateLimit(rule!);
  if (!guess.allowed) throw new AppError("too_many_requests", { retryAfter: guess.retryAfterSeconds });
  throw new AppError("gift_card_not_found");
}
