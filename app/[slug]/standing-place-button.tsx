"use client";

import { useState, useTransition } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import type { ActionResult } from "./actions";

/**
 * A standing place's one button ("Keep this place every week", "Stop"): runs its action and says
 * what came of it. Its words come from the page (the message catalogues are read there).
 */
export function StandingPlaceButton({
  label,
  pendingLabel,
  run,
  variant = "secondary",
}: {
  label: string;
  pendingLabel: string;
  run: () => Promise<ActionResult>;
  variant?: ButtonVariant;
}) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-2">
      <Button
        variant={variant}
        size="sm"
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await run()))}
      >
        {pending ? pendingLabel : label}
      </Button>
      <p aria-live="polite" className="text-sm empty:hidden">
        {result ? (
          result.ok ? (
            <span className="text-green-800">{result.message}</span>
          ) : (
            <span role="alert" className="text-red-700">
              {result.error}
            </span>
          )
        ) : null}
      </p>
    </div>
  );
}
