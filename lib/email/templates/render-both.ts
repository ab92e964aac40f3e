import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

/**
 * HTML and plain text of one email. The text is derived from the HTML (what `render(…, { plainText })`
 * does internally) so that React renders the email once, not twice.
 */
export async function renderBoth(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
