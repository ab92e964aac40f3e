import { plainTextSelectors, render } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";

// What `render(…, { plainText: true })` converts with, compiled once: `toPlainText` compiles its
// selectors again on every call, which cost more CPU than rendering the email itself.
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * HTML and plain text of one email. The text is derived from the HTML (what `render(…, { plainText })`
 * does internally) so that React renders the email once, not twice.
 */
export async function renderBoth(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
