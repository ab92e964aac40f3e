import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import "./globals.css";

// Every page is rendered per request, the 404 included: its scripts carry the nonce of that
// request's Content-Security-Policy (proxy.ts), which a page prerendered at build cannot know.
export const dynamic = "force-dynamic";

/** The catalogue's namespaces that client components read; the rest never leaves the server. */
const CLIENT_NAMESPACES = [
  "BookingControls",
  "Household",
  "BuyButton",
  "PromoCodeField",
  "SignInForm",
  "SignUpForm",
  "DemoPanel",
  "DashboardNav",
  "SignOutButton",
  "Forms",
  "InstanceActions",
  "RefundOrderForm",
  "MembershipControls",
  "CancelMembership",
  "DeleteProfile",
  "CalendarPanel",
  "AttendanceButtons",
  "CancelBookingForm",
  "PromoteForm",
  "WalkInActions",
  "ProductForm",
  "EventForm",
  "SeriesForm",
  "FieldErrors",
  "WeeklyClassForm",
  "ErrorPage",
  "SearchableSelect",
  "WebhookEvents",
  "WebhookForm",
  "ImportUpload",
  "WithdrawForm",
  "GiftCardFace",
  "GiftCardPages",
  "GiftCardProductForm",
] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Metadata");
  return { title: { default: t("title"), template: `%s · ${t("title")}` }, description: t("description") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  const forClient = Object.fromEntries(CLIENT_NAMESPACES.map((namespace) => [namespace, messages[namespace]]));
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <NextIntlClientProvider locale={locale} messages={forClient}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
