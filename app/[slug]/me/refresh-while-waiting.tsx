"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

const EVERY_MS = 2_000;
const AT_MOST_MS = 3 * 60_000;

/**
 * Reads the member's page again every EVERY_MS while a payment is waited for (the page stops rendering
 * this once none is), for at most AT_MOST_MS; then says `late` instead of `hint`.
 */
export function RefreshWhileWaiting({ hint, late }: { hint: string; late: string }) {
  const router = useRouter();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const startedAt = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - startedAt < AT_MOST_MS) return router.refresh();
      clearInterval(timer);
      setGaveUp(true);
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [router]);
  return <p className="mt-1 text-sm text-slate-700">{gaveUp ? late : hint}</p>;
}
