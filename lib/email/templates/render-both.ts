import { plainTextSelectors } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";

// What `render(…, { plainText: true })` converts with, compiled once: `toPlainText` compiles its
// selectors again on every call, which cost more CPU than rendering the email itself.
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** The doctype React Email's `render` puts first: the one email clients expect. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

// Imported when first used, as React Email's `render` does: Next refuses a static import of
// react-dom/server in code its Server Components can reach (the emails' preview page).
let reactDomServerModule: Promise<typeof import("react-dom/server")> | undefined;
const reactDomServer = () => (reactDomServerModule ??= import("react-dom/server"));

/**
 * HTML and plain text of one email. React renders it once, synchronously, as static markup:
 * React Email's `render` streams it through Suspense instead (for components that suspend, which
 * ours never do), at four times the CPU. The text is derived from the HTML, as `render(…, { plainText })`
 * does internally.
 */
export async function renderBoth(element: ReactElement): Promise<{ html: string; text: string }> {
  const { renderToStaticMarkup } = await reactDomServer();
  const html = XHTML_DOCTYPE + renderToStaticMarkup(element);
  return { html, text: toPlainText(html) };
}
