import "server-only";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { log } from "@/lib/log";
import type { FormState } from "./form-state";
import { ENGLISH_FORM_ERRORS, friendlyMessage, type FormErrorWords } from "./friendly-message";

/** Field errors keyed by the form's input names; the first message of each path wins. */
export function fieldErrors(
  details: ErrorDetail[] | undefined,
  words: FormErrorWords = ENGLISH_FORM_ERRORS,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details ?? []) {
    const key = detail.path === "" ? "_form" : detail.path;
    errors[key] ??= friendlyMessage(detail.message, words);
  }
  return errors;
}

/** The form's words for zod's defaults in the request's language. */
function formErrorWords(t: Awaited<ReturnType<typeof getTranslations<"FormErrors">>>): FormErrorWords {
  return {
    required: t("required"),
    // Numbers as written in the schema (10080, not 10,080).
    atLeastCharacters: (count) => t("atLeastCharacters", { count: String(count) }),
    atMostCharacters: (count) => t("atMostCharacters", { count: String(count) }),
    atLeast: (min) => t("atLeast", { min: String(min) }),
    atMost: (max) => t("atMost", { max: String(max) }),
    addOne: t("addOne"),
    wholeNumber: t("wholeNumber"),
    email: t("email"),
    chooseOption: t("chooseOption"),
    date: t("date"),
    accentColor: t("accentColor"),
    httpsAddress: t("httpsAddress"),
    webAddress: t("webAddress"),
  };
}

/**
 * Runs the work of a server action and answers a FormState: a validation failure becomes field
 * errors, another AppError its contract message, anything else a logged generic failure. The lib
 * functions write in one statement or one transaction, so a failure leaves the data as it was.
 */
export async function runAction(
  work: () => Promise<string | void>,
  options: { revalidate: string | string[]; scope?: "page" | "layout" },
): Promise<FormState> {
  try {
    const message = (await work()) ?? undefined;
    for (const path of [options.revalidate].flat()) revalidatePath(path, options.scope ?? "page");
    return { ok: true, message };
  } catch (error) {
    const t = await getTranslations("FormErrors");
    if (error instanceof AppError) {
      if (error.code === "validation_failed") {
        const errors = fieldErrors(error.details, formErrorWords(t));
        return { ok: false, error: errors._form ?? t("correctFields"), fieldErrors: errors };
      }
      return { ok: false, error: error.message };
    }
    log.error("dashboard action failed", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: t("failed") };
  }
}
