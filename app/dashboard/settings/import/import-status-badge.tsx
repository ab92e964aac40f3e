import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ImportWords } from "./import-words";

const TONES: Record<string, BadgeTone> = {
  previewed: "neutral",
  committing: "warning",
  committed: "success",
  failed: "danger",
};

export function ImportStatusBadge({ status, words }: { status: string; words: ImportWords }) {
  return <Badge tone={TONES[status] ?? "neutral"}>{words.statuses[status] ?? status}</Badge>;
}
