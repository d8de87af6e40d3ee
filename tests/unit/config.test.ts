import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';

describe('readConfig', () => {
  it('serves the built app from an absolute folder, whichever way STATIC_DIR was written', () => {
    // @fastify/static refuses a relative root: `STATIC_DIR=dist npm run serve` used to stop with a stack trace.
    expect(readConfig({ STATIC_DIR: 'dist' }).staticDir).toBe(path.resolve('dist'));
    expect(readConfig({ STATIC_DIR: '/srv/portal/dist' }).staticDir).toBe('/srv/portal/dist');
    expect(readConfig({}).staticDir).toBe(path.resolve(import.meta.dirname, '../../dist'));
    // Empty means the API alone.
    expect(readConfig({ STATIC_DIR: '' }).staticDir).toBe('');
  });
});

describe('the metrics listener', () => {
  it('listens on loopback unless METRICS_HOST opens it, whatever HOST the portal uses', () => {
    expect(readConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' }).metricsHost).toBe('127.0.0.1');
    expect(readConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });
});

describe('TOKEN_SECRET', () => {
  it('is refused at start when shorter than 32 characters, and kept as given otherwise', () => {
    expect(() => readConfig({ TOKEN_SECRET: 'secret' })).toThrow(/at least 32 characters \(got 6\)/);
    expect(readConfig({ TOKEN_SECRET: 'k'.repeat(32) }).tokenSecret).toBe('k'.repeat(32));
    expect(readConfig({}).tokenSecret).toBe('');
  });
});
