import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPrintLinks, PRINT_LINK_TTL_SECONDS, type PrintCopy } from './print-links.ts';

describe('print links', () => {
  const links = createPrintLinks(randomBytes(32));
  const caseId = randomUUID();
  const full: PrintCopy = { mode: 'full', caseId };
  const masked: PrintCopy = { mode: 'masked', caseNumber: 'HDC-2019-000123' };

  it('names the full copy by case id and the public copy by case number, fits a path parameter, and reads back while it lives', () => {
    const now = Date.now();
    const fullName = links.name(full, now);
    const maskedName = links.name(masked, now);
    expect(fullName).toMatch(new RegExp(`^print-${caseId}-full-\\d+-[A-Za-z0-9_-]{22}\\.pdf$`));
    expect(maskedName).toMatch(/^print-HDC-2019-000123-masked-\d+-[A-Za-z0-9_-]{22}\.pdf$/);
    for (const [name, copy] of [[fullName, full], [maskedName, masked]] as const) {
      expect(name.length).toBeLessThanOrEqual(100);
      expect(links.verify(name, now + (PRINT_LINK_TTL_SECONDS - 1) * 1000)).toEqual(copy);
      expect(links.verify(name, now + PRINT_LINK_TTL_SECONDS * 1000)).toBeUndefined();
    }
  });

  it('refuses another spelling of the same signature (its last character carries unused bits)', () => {
    const name = links.name(masked);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = name.at(-5)!;
    const respelled = `${name.slice(0, -5)}${alphabet[alphabet.indexOf(last) ^ 1]}.pdf`;
    // The same 16 bytes under the loose decoder, so only strict decoding tells them apart.
    expect(Buffer.from(respelled.slice(-26, -4), 'base64url')).toEqual(Buffer.from(name.slice(-26, -4), 'base64url'));
    expect(links.verify(name)).toEqual(masked);
    expect(links.verify(respelled)).toBeUndefined();
  });

  it('refuses a name whose case, mode, expiry or signature was changed, or made with another key', () => {
    const name = links.name(masked);
    const expires = name.split('-masked-')[1].split('-')[0];
    const forged = [
      name.replace('-masked-', '-full-'),
      name.replace('HDC-2019-000123', 'HDC-2019-000124'),
      name.replace('HDC-2019-000123', 'hdc-2019-000123'),
      links.name(full).replace(caseId, randomUUID()),
      links.name(full).replace('-full-', '-masked-'),
      name.replace(`-${expires}-`, `-${Number(expires) + 3600}-`),
      name.replace(/-([A-Za-z0-9_-]{22})\.pdf$/, (_, signature: string) => `-${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}.pdf`),
      createPrintLinks(randomBytes(32)).name(masked),
      'print-.pdf',
      '../../etc/passwd',
    ];
    for (const candidate of forged) expect(links.verify(candidate), candidate).toBeUndefined();
  });
});
