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
