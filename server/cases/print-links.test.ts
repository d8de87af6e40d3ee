import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPrintLinks, PRINT_LINK_TTL_SECONDS } from './print-links.ts';

describe('print links', () => {
  const links = createPrintLinks(randomBytes(32));
  const caseId = randomUUID();

  it('names a case and a mode, fits a path parameter, and reads back while it lives', () => {
    const now = Date.now();
    const name = links.name(caseId, 'masked', now);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name).toMatch(/^print-[0-9a-f-]{36}-masked-\d+-[A-Za-z0-9_-]{22}\.pdf$/);
    expect(links.verify(name, now + (PRINT_LINK_TTL_SECONDS - 1) * 1000)).toEqual({ caseId, mode: 'masked' });
    expect(links.verify(name, now + PRINT_LINK_TTL_SECONDS * 1000)).toBeUndefined();
  });

  it('refuses a name whose case, mode, expiry or signature was changed, or made with another key', () => {
    const name = links.name(caseId, 'masked');
    const expires = name.split('-masked-')[1].split('-')[0];
    const forged = [
      name.replace('-masked-', '-full-'),
      name.replace(caseId, randomUUID()),
      name.replace(`-${expires}-`, `-${Number(expires) + 3600}-`),
      name.replace(/-([A-Za-z0-9_-]{22})\.pdf$/, (_, signature: string) => `-${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}.pdf`),
      createPrintLinks(randomBytes(32)).name(caseId, 'masked'),
      'print-.pdf',
      '../../etc/passwd',
    ];
    for (const candidate of forged) expect(links.verify(candidate), candidate).toBeUndefined();
  });
});
