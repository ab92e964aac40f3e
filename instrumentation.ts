// Next calls register() once when a server starts: `next dev`, `next start` and our own server
// (scripts/next-server.ts, through next()'s prepare); never during `next build`.
export async function register(): Promise<void> {
  // NEXT_RUNTIME is Next's own, inlined per bundle: the edge bundle never loads the Node-only lib.
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackgroundWork } = await import("@/lib/system/start-background-work");
  startBackgroundWork();
}
