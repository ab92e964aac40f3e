import type { ReactNode } from "react";

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight text-brand-900">{title}</h1>
      {children ? <div className="max-w-prose text-slate-700">{children}</div> : null}
    </header>
  );
}

/** A titled block of a dashboard page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
