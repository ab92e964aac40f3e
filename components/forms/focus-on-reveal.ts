/**
 * The ref of a once-shown secret's field: when it appears (after "Create", low on a long page) it
 * is scrolled into the middle of the view and focused, so the eye and the keyboard are on it at
 * once (focusing selects it, ready to copy). Give its container `key={secret}` so a new secret
 * mounts it again.
 */
export function focusOnReveal(input: HTMLInputElement | null): void {
  if (!input) return;
  input.scrollIntoView({ block: "center" });
  input.focus({ preventScroll: true });
}
