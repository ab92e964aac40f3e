import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

/** Arrays and objects a body may nest; deeper ones are refused before anything walks them. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass over its characters
 * (brackets inside strings do not count), so that no recursive walk (ours, or a schema's) ever meets
 * a value nested thousands deep. Malformed text is JSON.parse's to refuse.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return deepest;
}

/** A request body's JSON: 400 `Validation failed` when it is malformed or nested past MAX_JSON_DEPTH. */
export function parseJsonText(text: string): unknown {
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) {
    throw new AppError("validation_failed", {
      details: [ruleDetail("", "json_too_deep", { maximum: MAX_JSON_DEPTH })],
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", { details: [ruleDetail("", "json_malformed")] });
  }
}
