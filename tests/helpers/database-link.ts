import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The portal's wire to PostgreSQL, through a TCP relay the test controls: what a restart,
 * a failover or `pg_terminate_backend` does to the portal, without touching the server
 * other tests share.
 */
export interface DatabaseLink {
  /** The database URL with its host and port replaced by the relay's. */
  url: string;
  /** The server goes away: every open connection is cut and new ones are refused, until `restore`. */
  down(): void;
  restore(): void;
  /** The next query sent on an open connection cuts that connection instead of reaching the server. */
  dropNextQuery(): void;
  /** How many connections `dropNextQuery` cut. */
  dropped: number;
  close(): Promise<void>;
}

export async function startDatabaseLink(databaseUrl: string): Promise<DatabaseLink> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let up = true;
  let dropNext = false;
  const link = { dropped: 0 } as DatabaseLink;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let ready = false;
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      // A simple query (Q), a parse (P) or a bind of a prepared one (B) after the start-up: a statement.
      if (ready && dropNext && [0x51, 0x50, 0x42].includes(chunk[0])) {
        dropNext = false;
        link.dropped += 1;
        return end();
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      // 'Z' ReadyForQuery: the start-up is over, what the client sends next is a statement.
      if (chunk.includes(0x5a)) ready = true;
      client.write(chunk);
    });
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(databaseUrl);
  relayed.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(link, {
    url: relayed.toString(),
    down() {
      up = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      up = true;
    },
    dropNextQuery() {
      dropNext = true;
    },
    async close() {
      link.down();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
