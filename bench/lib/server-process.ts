// The servers a load bench starts: spawned, waited for, paused while another is measured, stopped.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { processTree } from "./process-cpu";

export type ServerProcess = {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  paused: boolean;
  /** The last 4000 characters it wrote to stderr. */
  stderr: () => string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Spawns `command` and resolves once `healthPath` answers 2xx (at most 2 minutes). */
export async function startServer(options: {
  name: string;
  url: string;
  healthPath: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}): Promise<ServerProcess> {
  const child = spawn(options.command, options.args, { stdio: ["ignore", "ignore", "pipe"], env: options.env });
  let text = "";
  child.stderr!.on("data", (chunk: Buffer) => (text = (text + chunk.toString()).slice(-4000)));
  const server: ServerProcess = {
    name: options.name,
    url: options.url,
    pid: child.pid!,
    child,
    paused: false,
    stderr: () => text,
  };
  await waitUntilAnswering(server, `${options.url}${options.healthPath}`);
  return server;
}

async function waitUntilAnswering(server: ServerProcess, url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.name} exited with ${server.child.exitCode}: ${server.stderr().slice(-500)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${server.name} did not answer within 2 minutes`);
}

function signalTree(server: ServerProcess, signal: "SIGSTOP" | "SIGCONT"): void {
  for (const pid of processTree(server.pid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // ended meanwhile
    }
  }
}

/** SIGSTOP: the process does nothing at all (no timer, no email sweep) until resumed. */
export function pause(server: ServerProcess): void {
  if (server.paused) return;
  signalTree(server, "SIGSTOP");
  server.paused = true;
}

export function resume(server: ServerProcess): void {
  if (!server.paused) return;
  signalTree(server, "SIGCONT");
  server.paused = false;
}

/** Resumes it (a stopped process would not act on SIGTERM), SIGTERM, SIGKILL after 10 s. */
export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  server.paused = true; // whatever the flag says, continue every process of the tree
  resume(server);
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Until the returned function is called, SIGINT or SIGTERM to this process (Ctrl-C, a timeout) first
 * continues and terminates the servers: a paused one would otherwise stay stopped after we are gone.
 */
export function stopServersOnSignal(servers: () => (ServerProcess | undefined)[]): () => void {
  const onSignal = () => {
    for (const server of servers()) {
      if (!server) continue;
      server.paused = true;
      resume(server);
      server.child.kill("SIGTERM");
    }
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
}
