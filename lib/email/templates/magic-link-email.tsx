import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import { renderBoth } from "./render-both";

export type MagicLinkEmailProps = {
  /** The full sign-in link, `${APP_URL}/sign-in/verify?token=…`. */
  url: string;
  accountName: string;
  /** Minutes until the link expires. */
  validMinutes: number;
};

export function MagicLinkEmail({ url, accountName, validMinutes }: MagicLinkEmailProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>Your sign-in link for {accountName}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ backgroundColor: "#ffffff", margin: "32px auto", padding: "32px", maxWidth: "560px" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            Sign in to {accountName}
          </Heading>
          <Text>Press the button to sign in. The link works once and expires in {validMinutes} minutes.</Text>
          <Section style={{ margin: "24px 0" }}>
            <Button
              href={url}
              style={{ backgroundColor: "#0f766e", color: "#ffffff", padding: "12px 20px", borderRadius: "6px", fontWeight: 600 }}
            >
              Sign in
            </Button>
          </Section>
          <Text>Or open this link in your browser:</Text>
          <Text style={{ wordBreak: "break-all" }}>
            <Link href={url}>{url}</Link>
          </Text>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>
            If you did not ask to sign in, you can ignore this email: nobody can sign in without the link.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Subject, HTML and plain text of the sign-in email. The text part carries the full link. */
export async function renderMagicLinkEmail(props: MagicLinkEmailProps): Promise<{ subject: string; html: string; text: string }> {
  const { html, text: rendered } = await renderBoth(<MagicLinkEmail {...props} />);
  // The plain-text conversion may wrap or decorate links; the contract wants the link verbatim.
  const text = rendered.includes(props.url) ? rendered : `${rendered}\n\n${props.url}\n`;
  return { subject: `Sign in to ${props.accountName}`, html, text };
}
