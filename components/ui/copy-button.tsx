"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies `text` to the clipboard; says so for a moment (and to screen readers). Without JavaScript the text stays selectable beside it. */
export function CopyButton({ text, label, copiedLabel }: { text: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };
  return (
    <Button variant="secondary" onClick={copy} aria-live="polite">
      {copied ? copiedLabel : label}
    </Button>
  );
}
