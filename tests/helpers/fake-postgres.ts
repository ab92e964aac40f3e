// Stand-ins for a PostgreSQL server in trouble, on 127.0.0.1, for the database-unavailable tests:
// `silent` accepts connections and never answers; `starting` refuses each connection with SQLSTATE
// 57P03 (the database system is starting up), as a restarting server does; `stalled` completes the
// handshake and then never answers a query. `closedPort()` is a port where nothing listens.
// `postgresProxy()` stands in front of a real server and can stop and start like one.
import net from "node:net";

export type FakePostgres = { url: string; close(): Promise<void> };

export async function fakePostgres(behaviour: "silent" | "starting" | "stalled"): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (behaviour === "starting") refuseAsUnavailable(socket, "the database system is starting up");
    if (behaviour !== "stalled") return;
    // The first message is the startup message (no TLS is asked for): AuthenticationOk, ReadyForQuery.
    socket.once("data", () => socket.write(Buffer.concat([message("R", "\0\0\0\0"), message("Z", "I")])));
  });
  const port = await listen(server);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/fake`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type PostgresProxy = FakePostgres & {
  /** As a server shutting down: ends every connection, and refuses new ones with 57P03. */
  stop(): void;
  /** As a server started again: passes new connections on to the real server. */
  start(): void;
};

/** A TCP proxy to the PostgreSQL server of `targetUrl`; `url` is `targetUrl` through the proxy. */
export async function postgresProxy(targetUrl: string): Promise<PostgresProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  let stopped = false;
  const server = net.createServer((client) => {
    track(client);
    if (stopped) {
      refuseAsUnavailable(client, "the database system is shutting down");
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  const port = await listen(server);
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    stop: () => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
    },
    start: () => {
      stopped = false;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that was free a moment ago, and nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Answers the startup message as a server that cannot take connections now (SQLSTATE 57P03). */
function refuseAsUnavailable(socket: net.Socket, reason: string): void {
  socket.once("data", () => socket.end(message("E", `SFATAL\0VFATAL\0C57P03\0M${reason}\0\0`)));
}

function message(type: string, body: string): Buffer {
  const payload = Buffer.from(body, "latin1");
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(payload.length + 4, 1);
  return Buffer.concat([header, payload]);
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
  });
}
