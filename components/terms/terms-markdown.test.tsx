import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TermsMarkdown } from "./terms-markdown";

const render = (text: string) => renderToStaticMarkup(<TermsMarkdown text={text} />);

describe("a studio's terms as the page shows them", () => {
  it("renders Markdown's headings, lists, emphasis and links", () => {
    const html = render("# Vilkår\n\n## 1. Køb\n\n- **14 dage**\n- [Nævnenes Hus](https://naevneneshus.dk)");
    expect(html).toContain("<h2");
    expect(html).toContain("<strong>14 dage</strong>");
    expect(html).toContain('href="https://naevneneshus.dk"');
  });

  it("renders none of the HTML, scripts, images or script links a text may hold", () => {
    const html = render(
      '<script>alert(1)</script>\n\n<b onclick="x()">fed</b> [klik](javascript:alert(1)) ![billede](https://example.com/x.png)',
    );
    expect(html).not.toMatch(/<script|onclick|<b>|javascript:|<img/i);
    expect(html).toContain("klik");
  });
});
