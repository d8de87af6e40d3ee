import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A link that drops by byte count (issue 27): a TCP forwarder on 127.0.0.1 between Chromium
 * and the app that closes each connection, both ways, once it has carried `cutEvery` bytes
 * towards the server, as a mobile link that drops every half minute would, whatever is on it.
 * Nothing is timed: the same bytes are cut on every run. The browser opens the app at the
 * proxy's own address (`url`), so pages, service worker and uploads all go through it.
 *
 * `bytesUp` counts every byte forwarded to the server, headers included, since `reset()`:
 * what the customer's data plan paid for.
 */
export interface CuttingProxy {
  url: string;
  /** Bytes forwarded towards the server since the last reset. */
  readonly bytesUp: number;
  /** Connections closed by a cut since the last reset. */
  readonly cuts: number;
  reset(): void;
  /** Changes the cut (undefined: a link that never drops). */
  cutAfter(bytes: number | undefined): void;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: string, cutEvery?: number): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let limit = cutEvery;
  let bytesUp = 0;
  let cuts = 0;

  const proxy = net.createServer((client) => {
    const server = net.connect(Number(port), hostname);
    sockets.add(client).add(server);
    let carried = 0;
    /** Cut: the client's side is dead at once; what was forwarded still reaches the server, then its side closes too. */
    let cut = false;
    client.on('data', (chunk: Buffer) => {
      if (cut) return;
      const room = limit === undefined ? chunk.length : Math.max(0, limit - carried);
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      carried += part.length;
      bytesUp += part.length;
      if (part.length) server.write(part);
      if (part.length < chunk.length) {
        cut = true;
        cuts++;
        client.destroy();
        server.end();
      }
    });
    server.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    client.on('end', () => server.end());
    server.on('end', () => client.end());
    client.on('error', () => client.destroy());
    server.on('error', () => {
      server.destroy();
      client.destroy();
    });
    client.on('close', () => {
      sockets.delete(client);
      if (!cut) server.destroy();
    });
    server.on('close', () => {
      sockets.delete(server);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${address.port}`,
    get bytesUp() {
      return bytesUp;
    },
    get cuts() {
      return cuts;
    },
    reset() {
      bytesUp = 0;
      cuts = 0;
    },
    cutAfter(bytes) {
      limit = bytes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
