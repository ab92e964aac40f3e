import "server-only";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { log } from "@/lib/log";
import { errorMessageIn } from "@/lib/i18n/error-messages";
import { pageLanguage } from "@/lib/i18n/page-language";
import type { FormState } from "./form-state";
import type { Locale } from "@/lib/i18n/locales";
import { fieldErrorMessage } from "./field-error-message";

/**
 * Field errors keyed by the form's input names, each detail's code and params in the words of
 * `locale`; the first message of each path wins.
 */
export function fieldErrors(details: ErrorDetail[] | undefined, locale: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details ?? []) {
    const key = detail.path === "" ? "_form" : detail.path;
    errors[key] ??= fieldErrorMessage(detail, locale);
  }
  return errors;
}

/**
 * Runs the work of a server action and answers a FormState: a validation failure becomes field
 * errors, another AppError its message in the page's language, anything else a logged generic failure. The lib
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
        const errors = fieldErrors(error.details, await pageLanguage());
        return { ok: false, error: errors._form ?? t("correctFields"), fieldErrors: errors };
      }
      return { ok: false, error: errorMessageIn(await pageLanguage(), error.code) };
    }
    log.error("dashboard action failed", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: t("failed") };
  }
}
