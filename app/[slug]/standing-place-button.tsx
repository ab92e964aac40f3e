"use client";

import { useState, useTransition } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import type { StudioState } from "@/lib/web/form-state";

/**
 * A standing place's one button ("Keep this place every week", "Stop"): runs its action and says
 * what came of it. Its words come from the page (the message catalogues are read there). With a
 * `note` (the sentence above the button), what came of it takes the note's place: the page the
 * action refreshes shows the other branch's note and button, and this one keeps its state (the same
 * place in the tree), so "You now keep this place" is not followed by "You keep this place".
 */
export function StandingPlaceButton({
  label,
  pendingLabel,
  run,
  note,
  variant = "secondary",
}: {
  label: string;
  pendingLabel: string;
  run: () => Promise<StudioState>;
  note?: string;
  variant?: ButtonVariant;
}) {
  const [result, setResult] = useState<StudioState | null>(null);
  const [pending, startTransition] = useTransition();
  const done = result?.ok ? result.message : null;
  return (
    <div className="space-y-2">
      {note !== undefined && (
        <p aria-live="polite" className={done ? "text-green-800" : "text-slate-800"}>
          {done ?? note}
        </p>
      )}
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
            note === undefined && <span className="text-green-800">{result.message}</span>
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
