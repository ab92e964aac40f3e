"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { Notice } from "@/components/ui/notice";

const SetSectionNotice = createContext<(message: string) => void>(() => {});

/**
 * A success message that outlives the row it came from: a form inside a list whose row disappears
 * once its action succeeded (the person moved up off the waitlist) tells it here, above the list.
 */
export function SectionNotices({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <SetSectionNotice.Provider value={setMessage}>
      <div aria-live="polite" className="empty:hidden">
        {message ? <Notice tone="success">{message}</Notice> : null}
      </div>
      {children}
    </SetSectionNotice.Provider>
  );
}

/** Tells the enclosing SectionNotices a success message (nothing outside one). */
export function useSectionNotice(): (message: string) => void {
  return useContext(SetSectionNotice);
}
