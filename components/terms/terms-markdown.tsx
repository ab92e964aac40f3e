import Markdown, { type Components } from "react-markdown";

const heading2 = "mt-8 text-lg font-semibold text-brand-900 first:mt-0";

/**
 * A studio's terms as Markdown renders them: the studio's own text, so no HTML in it is rendered
 * (skipHtml), no images, and links only to safe URLs (react-markdown's default transform). The
 * page's own heading is its h1: the text's headings start one level below.
 */
const COMPONENTS: Components = {
  h1: ({ children }) => <h2 className={heading2}>{children}</h2>,
  h2: ({ children }) => <h2 className={heading2}>{children}</h2>,
  h3: ({ children }) => <h3 className="mt-6 font-semibold text-slate-900">{children}</h3>,
  h4: ({ children }) => <h4 className="mt-4 font-semibold text-slate-900">{children}</h4>,
  p: ({ children }) => <p className="mt-3 leading-relaxed text-slate-800">{children}</p>,
  ul: ({ children }) => <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">{children}</ul>,
  ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1 pl-6 text-slate-800">{children}</ol>,
  li: ({ children }) => <li className="leading-relaxed">{children}</li>,
  a: ({ href, children }) => (
    <a href={href} className="font-medium text-brand-700 underline underline-offset-2" rel="nofollow noopener">
      {children}
    </a>
  ),
  blockquote: ({ children }) => (
    <blockquote className="mt-3 border-l-4 border-brand-100 pl-4 text-slate-700">{children}</blockquote>
  ),
  hr: () => <hr className="my-6 border-slate-200" />,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 text-sm">{children}</code>,
};

export function TermsMarkdown({ text }: { text: string }) {
  return (
    <div className="break-words">
      <Markdown components={COMPONENTS} skipHtml disallowedElements={["img"]} unwrapDisallowed>
        {text}
      </Markdown>
    </div>
  );
}
