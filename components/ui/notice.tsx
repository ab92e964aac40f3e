import type { ReactNode } from "react";

export type NoticeTone = "success" | "error" | "info";

const TONES: Record<NoticeTone, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-brand-100 bg-brand-50 text-brand-900",
};

/** A message box; errors are announced at once (role="alert"), the others politely (role="status"). */
export function Notice({
  tone = "info",
  children,
  className = "",
}: {
  tone?: NoticeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border p-3 ${TONES[tone]} ${className}`}>
      {children}
    </div>
  );
}
