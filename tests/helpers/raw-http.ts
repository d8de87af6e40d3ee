import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they crossed the wire, still compressed if they were. */
  body: Buffer;
}

/**
 * One request with exactly the headers given. fetch() adds its own Accept-Encoding and
 * decompresses behind our back, so tests of encodings and sizes use this instead.
 */
export function rawRequest(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * fetch() from another loopback address (127.0.0.2 …): another client, as the server sees it
 * (no X-Forwarded-For, no TRUST_PROXY), so every per-address limit counts its requests apart.
 */
export async function fetchFrom(localAddress: string, url: string, init: RequestInit = {}): Promise<Response> {
  // A Request turns the body (JSON text, FormData …) into bytes and names its Content-Type.
  const request = new Request(url, init);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers = Object.fromEntries(request.headers);
  if (body) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of [value ?? []].flat()) answer.append(name, one);
        }
        const status = incoming.statusCode ?? 0;
        resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The body as the browser reads it, undoing the Content-Encoding the server chose. */
export function decoded({ headers, body }: RawResponse): Buffer {
  switch (headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    case undefined:
      return body;
    default:
      throw new Error(`unexpected Content-Encoding ${headers['content-encoding']}`);
  }
}
