import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/** One message the gateway was asked to send: its headers, its fields (JSON or form), and the id it answered. */
export interface GatewayMessage {
  authorization: string | undefined;
  contentType: string | undefined;
  fields: Record<string, string>;
  id: string;
}

/**
 * An SMS gateway's HTTP API on 127.0.0.1 (issue 26: tests never reach a real one): it takes
 * every message, records it and answers its id as many gateways do ({"messages":[{"id":…}]}).
 */
export async function startSmsGateway() {
  const received: GatewayMessage[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const contentType = request.headers['content-type'];
      const fields = contentType?.startsWith('application/json') ? JSON.parse(body) : Object.fromEntries(new URLSearchParams(body));
      const id = `gw-${randomUUID()}`;
      received.push({ authorization: request.headers.authorization, contentType, fields, id });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: [{ id, status: 'accepted' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`,
    received,
    /** What one number was sent, oldest first. */
    to: (phone: string) => received.filter((message) => message.fields.to === phone),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmsGateway = Awaited<ReturnType<typeof startSmsGateway>>;
