import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The browser's only way to the server: an HTTP proxy the test can cut. `context.setOffline`
 * leaves a freshly started service worker on the network (TOOLCHAIN.md pitfall 13); a cut
 * here drops every connection, open ones included, whoever makes them — pages and service
 * worker alike — as a phone losing its signal does.
 */
export interface Network {
  /** Chromium flags that send every request, loopback included, through this proxy. */
  chromiumArgs: string[];
  cut(): void;
  restore(): void;
  /** Requests that reached the server through the proxy (path only), to prove what went out. */
  passed: string[];
  /**
   * From now on the server's answers to this path are kept back (undefined: none are): the
   * server gets the request and answers, the browser never hears it, as when a tab closes
   * during an upload.
   */
  holdAnswers(pathname: string | undefined): void;
  /** The paths whose answers were kept back. */
  held: string[];
  close(): Promise<void>;
}

export async function startNetwork(): Promise<Network> {
  let up = true;
  const sockets = new Set<net.Socket>();
  const passed: string[] = [];
  const held: string[] = [];
  let holding: string | undefined;

  const proxy = http.createServer((request, response) => {
    if (!up) return request.socket.destroy();
    const target = new URL(request.url!);
    passed.push(target.pathname);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: request.method, headers: request.headers },
      (answer) => {
        if (target.pathname === holding) {
          held.push(target.pathname);
          return answer.resume();
        }
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  // HTTPS or WebSocket tunnels: the portal needs none, and a cut network passes none.
  proxy.on('connect', (_request, socket: net.Socket) => socket.destroy());
  proxy.on('connection', (socket: net.Socket) => {
    if (!up) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;

  return {
    // `<-loopback>` takes 127.0.0.1 off Chromium's built-in bypass list, so the app's own address goes through the proxy.
    chromiumArgs: [`--proxy-server=http://127.0.0.1:${port}`, '--proxy-bypass-list=<-loopback>'],
    cut() {
      up = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      up = true;
    },
    passed,
    holdAnswers(pathname) {
      holding = pathname;
    },
    held,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
