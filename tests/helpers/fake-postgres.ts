// Stand-ins for a PostgreSQL server in trouble, on 127.0.0.1, for the database-unavailable tests:
// `silent` accepts connections and never answers; `starting` refuses each connection with SQLSTATE
// 57P03 (the database system is starting up), as a restarting server does; `stalled` completes the
// handshake and then never answers a query. `closedPort()` is a port where nothing listens.
import net from "node:net";

export type FakePostgres = { url: string; close(): Promise<void> };

export async function fakePostgres(behaviour: "silent" | "starting" | "stalled"): Promise<FakePostgres> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (behaviour === "silent") return;
    socket.once("data", () => {
      // The first message is the startup message (no TLS is asked for).
      if (behaviour === "starting") {
        socket.end(message("E", "SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0\0"));
      } else {
        const authenticationOk = message("R", "\0\0\0\0");
        socket.write(Buffer.concat([authenticationOk, message("Z", "I")]));
      }
    });
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

/** A port that was free a moment ago, and nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
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
