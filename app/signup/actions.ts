"use server";

import { headers } from "next/headers";
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

const FIELD_MESSAGES: Record<SignUpField, string> = {
  accountName: "Enter the studio's name (1 to 100 characters).",
  email: "Enter a valid email address.",
  displayName: "Enter your name (1 to 100 characters).",
};

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
  const input = SignUpInput.safeParse(values);
  if (!input.success) {
    const fieldErrors: Partial<Record<SignUpField, string>> = {};
    for (const issue of input.error.issues) {
      const field = issue.path[0] as SignUpField;
      if (field in FIELD_MESSAGES) fieldErrors[field] = FIELD_MESSAGES[field];
    }
    return { status: "invalid", message: "Please correct the marked fields.", fieldErrors, values };
  }
  const from = clientIp(await headers());
  try {
    const { account, user, magicLink } = await signUp({
      ...input.data,
      clientIp: from,
    });
    const config = env();
    return {
      status: "sent",
      email: user.email,
      accountName: account.name,
      slug: account.slug,
      signInUrl: config.DEMO_MODE ? `/sign-in/verify?token=${encodeURIComponent(magicLink.token)}` : undefined,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "email_registered") {
      return {
        status: "invalid",
        message: "This email already has an account. Sign in to your studio instead.",
        fieldErrors: { email: "This email is already registered." },
        values,
      };
    }
    if (error instanceof AppError && error.code === "too_many_requests") {
      return {
        status: "invalid",
        message: "Too many sign-ups from here. Please wait a while and try again.",
        fieldErrors: {},
        values,
      };
    }
    throw error;
  }
}
