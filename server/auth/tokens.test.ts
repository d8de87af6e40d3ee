import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenSigner, strictBase64url } from './tokens.ts';

const signer = createTokenSigner(randomBytes(32));
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const { token } = signer.sign('7f6b2a1e-0000-4000-8000-000000000001', 'customer', 3600, NOW);
const [header, payload, signature] = token.split('.');

describe('session token decoding', () => {
  it('accepts the token as it was signed', () => {
    expect(signer.verify(token, NOW)?.id).toBe('7f6b2a1e-0000-4000-8000-000000000001');
  });

  // Each of these decodes to the same bytes with Buffer.from(x, 'base64url').
  const respellings: [string, string][] = [
    ['a padded signature', `${header}.${payload}.${signature}=`],
    ['a twice padded signature', `${header}.${payload}.${signature}==`],
    ['a signature with trailing junk', `${header}.${payload}.${signature}!`],
    ['a signature with a space inside', `${header}.${payload}.${signature.slice(0, 5)} ${signature.slice(5)}`],
    ['a padded payload', `${header}.${payload}=.${signature}`],
  ];
  it.each(respellings)('refuses %s', (_label, respelled) => {
    expect(signer.verify(respelled, NOW)).toBeUndefined();
  });

  it("refuses the signature spelled with base64's '+' and '/' instead of '-' and '_'", () => {
    // Sign until the signature holds a '-' or '_', so the variant really differs.
    let found: { token: string } | undefined;
    for (let n = 0; n < 200 && !found; n++) {
      const candidate = signer.sign(`id-${n}`, 'customer', 3600, NOW);
      if (/[-_]/.test(candidate.token.split('.')[2])) found = candidate;
    }
    expect(found).toBeDefined();
    const [h, p, s] = found!.token.split('.');
    expect(signer.verify(found!.token, NOW)).toBeDefined();
    expect(signer.verify(`${h}.${p}.${s.replaceAll('-', '+').replaceAll('_', '/')}`, NOW)).toBeUndefined();
  });

  it('refuses a signature whose last character carries unused bits', () => {
    // 32 bytes are 43 characters; the last one holds 4 bits, so its low 2 bits must be 0.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1];
    expect(Buffer.from(`${signature.slice(0, -1)}${sibling}`, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(signer.verify(`${header}.${payload}.${signature.slice(0, -1)}${sibling}`, NOW)).toBeUndefined();
  });

  it('refuses the token once it has expired, by the clock it is given', () => {
    expect(signer.verify(token, NOW + 3599_000)).toBeDefined();
    expect(signer.verify(token, NOW + 3600_000)).toBeUndefined();
  });

  it('decodes canonical base64url only', () => {
    expect(strictBase64url('aGk')?.toString()).toBe('hi');
    for (const junk of ['aGk=', 'aGl', 'a+k', 'a/k', '', 'aGk\n']) expect(strictBase64url(junk)).toBeUndefined();
  });
});
