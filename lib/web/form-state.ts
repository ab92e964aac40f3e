import type { ErrorCode } from "@/lib/errors";

/** What a dashboard server action answers: field-level errors keyed by input name, or one message. */
export type FormState = {
  ok: boolean;
  /** A short confirmation shown after success. */
  message?: string;
  /** A message about the whole form (the API's error message for the same failure). */
  error?: string;
  fieldErrors?: Record<string, string>;
};

export const IDLE: FormState = { ok: false };

export type FormAction = (formData: FormData) => Promise<FormState>;

/** What an action of the studio's own site answers: a refusal also says its code, so a control may tell one from another. */
export type StudioState = FormState & { code?: ErrorCode };
