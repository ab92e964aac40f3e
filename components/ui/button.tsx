import Link from "next/link";
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "dangerSolid" | "ghost";
export type ButtonSize = "sm" | "md" | "form";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-900",
  secondary: "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50",
  /** A quiet destructive action (remove, revoke, end) among others. */
  danger: "border border-red-700 bg-white text-red-700 hover:bg-red-50",
  /** The destructive answer of a confirmation dialog. */
  dangerSolid: "bg-red-700 text-white hover:bg-red-800",
  ghost: "text-brand-700 underline-offset-2 hover:underline",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-11 px-4 py-2",
  /** The dashboard's form buttons: as tall as md, with smaller text. */
  form: "min-h-11 px-4 py-2 text-sm",
};

/**
 * The classes of a button (or a link that looks like one), the only definition of how one looks: at
 * least 36 px tall, visible focus from globals.css.
 */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra = ""): string {
  return [
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors",
    "disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/** A button; `type` defaults to "button" so that it never submits a form by accident. */
export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
};

/** A link styled as a button (navigation, works without JavaScript). */
export function ButtonLink({ href, variant, size, className, ...props }: ButtonLinkProps) {
  return <Link href={href} className={buttonClass(variant, size, className)} {...props} />;
}
