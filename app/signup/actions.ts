"use server";

import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { signUp } from "@/lib/auth/sign-up";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { SignUpInput } from "@/lib/schemas/auth";
import { clientIp } from "@/lib/http/client-address";

export type SignUpField = "accountName" | "email" | "displayName";

export type SignUpState =
  | { status: "idle" }
  | {
      status: "invalid";
      message: string;
      fieldErrors: Partial<Record<SignUpField, string>>;
      values: Record<SignUpField, string>;
    }
  | { status: "sent"; email: string; accountName: string; slug: string; signInUrl?: string };

/**
 * The sign-up form: the same input schema and domain operation as POST /auth/signup. In demo mode the
 * sign-in link is shown on the page as well (the API echoes the token there too), so the journey
 * can be finished without a mailbox.
 */
export async function signUpAction(_previous: SignUpState, formData: FormData): Promise<SignUpState> {
  const values = {
    accountName: String(formData.get("accountName") ?? ""),
    email: String(formData.get("email") ?? ""),
    displayName: String(formData.get("displayName") ?? ""),
  };
  const t = await getTranslations("SignUpAction");
  const input = SignUpInput.safeParse(values);
  if (!input.success) {
    const fieldMessages: Record<SignUpField, string> = {
      accountName: t("accountName"),
      email: t("email"),
      displayName: t("displayName"),
    };
    const fieldErrors: Partial<Record<SignUpField, string>> = {};
    for (const issue of input.error.issues) {
      const field = issue.path[0] as SignUpField;
      if (field in fieldMessages) fieldErrors[field] = fieldMessages[field];
    }
    return { status: "invalid", message: t("correctFields"), fieldErrors, values };
  }
  const from = clientIp(await headers());
  try {
    const { account, user, magicLink } = await signUp({
      ...input.data,
      clientIp: from,
      askedOn: await getLocale(), // the sign-in email is written in the language of this page
    });
    const config = env();
    return {
      status: "sent",
      email: user.email ?? input.data.email,
      accountName: account.name,
      slug: account.slug,
      signInUrl: config.DEMO_MODE
        ? `/sign-in/verify?${new URLSearchParams({ token: magicLink.token, account: account.slug })}`
        : undefined,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "email_registered") {
      return {
        status: "invalid",
        message: t("emailRegistered"),
        fieldErrors: { email: t("emailRegisteredField") },
        values,
      };
    }
    if (error instanceof AppError && error.code === "too_many_requests") {
      return {
        status: "invalid",
        message: t("tooMany"),
        fieldErrors: {},
        values,
      };
    }
    throw error;
  }
}
