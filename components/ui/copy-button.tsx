"use client";

import { useState } from "react";
import { Button } from "./button";

/**
 * Copies `text` to the clipboard and says whether it worked, in a polite live note beside the button
 * (the clipboard is refused outside a secure context, or by the browser). Without JavaScript the text
 * stays selectable in its field.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  failedLabel,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  failedLabel: string;
}) {
  const [note, setNote] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setNote(copiedLabel);
    } catch {
      setNote(failedLabel);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={copy}>
        {label}
      </Button>
      <span aria-live="polite" className="basis-full text-sm text-slate-700 empty:hidden">
        {note}
      </span>
    </>
  );
}
