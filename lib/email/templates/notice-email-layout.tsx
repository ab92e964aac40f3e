import { Body, Container, Head, Heading, Html, Link, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

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
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ backgroundColor: "#ffffff", margin: "32px auto", padding: "32px", maxWidth: "560px" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            {heading}
          </Heading>
          <Text>{t("greeting", { name: recipientName })}</Text>
          {children}
          <Text>
            {link.label}: <Link href={link.href}>{link.href}</Link>
          </Text>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>{accountName}</Text>
        </Container>
      </Body>
    </Html>
  );
}
