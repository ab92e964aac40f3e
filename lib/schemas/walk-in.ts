import { Email, Id } from "./common";
import { DisplayName } from "./user-input";
import { z } from "./zod";

/** A person added at the door of a class (the roster's walk-in form): a name, an email if they give one. */
export const NewWalkInInput = z.strictObject({
  displayName: DisplayName,
  email: Email.optional(),
  /** A drop-in price to sell them in the same step. */
  priceId: Id.optional(),
});

export type NewWalkInInput = z.infer<typeof NewWalkInInput>;
