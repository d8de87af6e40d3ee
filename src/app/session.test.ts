import { describe, expect, it } from 'vitest';
import { decodeToken } from './session.ts';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT as the server makes it: base64url JSON claims; the signature is not ours to check. */
const tokenWith = (claims: unknown, payload = base64url(JSON.stringify(claims))) => `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`;

describe('decodeToken', () => {
  it('reads the customer id and turns the expiry from seconds into milliseconds', () => {
    const token = tokenWith({ id: 'c0ffee00-0000-4000-8000-000000000001', exp: 1_800_000_000 });
    expect(decodeToken(token)).toEqual({ token, customerId: 'c0ffee00-0000-4000-8000-000000000001', expiresAt: 1_800_000_000_000 });
  });

  it('leaves the expiry out when the token has none (the session then lasts until logout)', () => {
    expect(decodeToken(tokenWith({ id: 'c1' }))?.expiresAt).toBeUndefined();
    expect(decodeToken(tokenWith({ id: 'c1', exp: '1800000000' }))?.expiresAt).toBeUndefined();
  });

  it("reads base64url's - and _ (claims a plain atob would refuse)", () => {
    const token = tokenWith({ id: '>>>???' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeToken(token)?.customerId).toBe('>>>???');
  });

  it.each([
    ['no customer id', tokenWith({ sub: 'c1' })],
    ['a number for an id', tokenWith({ id: 42 })],
    ['claims that are not JSON', tokenWith(null, base64url('not json'))],
    ['claims that are not base64', tokenWith(null, '*&^%')],
    ['no claims part at all', 'just-a-string'],
    ['an empty token', ''],
  ])('reads nothing from a token with %s', (_what, token) => {
    expect(decodeToken(token)).toBeUndefined();
  });
});
