import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

const trustProxy = (value?: string) => readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told: the connection address is the client', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
  });

  it('reads a hop count and a list of proxy addresses, CIDRs and range names', () => {
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy(' 10.0.0.5 ')).toEqual(['10.0.0.5']);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses "true" (anyone could pick their address) and anything that is not an address', () => {
    for (const bad of ['true', '*', 'proxy.example.org', '10.0.0.0/8/1', '10.0.0.300']) {
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
