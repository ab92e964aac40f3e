import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * Whether this page's script has taken over (false in the server's HTML and while hydrating). A form
 * whose submit runs a server action through its handler keeps its button disabled until then: on a
 * slow phone, a tap before would submit the form natively (a GET of its fields) and do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
