import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";

/**
 * The one frame of every email: the language, the preview line, the page and its card, the heading,
 * and a muted last line (the studio's name, or what the reader may ignore). Booking and notice emails
 * add their greeting and facts inside it (booking-email-layout.tsx, notice-email-layout.tsx).
 */
export function EmailFrame({
  lang,
  preview,
  heading,
  footer,
  children,
}: {
  lang: string;
  preview: string;
  heading: string;
  /** The muted last line; none when absent. */
  footer?: string;
  children?: ReactNode;
}) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ backgroundColor: "#ffffff", margin: "32px auto", padding: "32px", maxWidth: "560px" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            {heading}
          </Heading>
          {children}
          {footer === undefined ? null : <Text style={{ color: "#64748b", fontSize: "13px" }}>{footer}</Text>}
        </Container>
      </Body>
    </Html>
  );
}
