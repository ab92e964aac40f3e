import { Link, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { EmailFrame } from "./email-frame";

/** What every notice email says: whom it greets, which studio it comes from, the language it is written in. */
export type NoticeEmailProps = { locale: Locale; recipientName: string; accountName: string };

/** The frame of a notice email: a heading, a greeting, the text, a link to act on, the studio's name. */
export function NoticeEmailLayout({
  locale,
  preview,
  heading,
  recipientName,
  accountName,
  link,
  children,
}: NoticeEmailProps & {
  preview: string;
  heading: string;
  link: { href: string; label: string };
  children: ReactNode;
}) {
  const t = translatorFor(locale, "NoticeEmail");
  return (
    <EmailFrame lang={locale} preview={preview} heading={heading} footer={accountName}>
      <Text>{t("greeting", { name: recipientName })}</Text>
      {children}
      <Text>
        {link.label}: <Link href={link.href}>{link.href}</Link>
      </Text>
    </EmailFrame>
  );
}
