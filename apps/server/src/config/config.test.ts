import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, WORKERS_EMBEDDED_MESSAGE, WORKERS_REDIS_MESSAGE } from './config.js';

// Issue 16 point 1: TRUST_PROXY is unset (trust nobody), a hop count, or addresses/CIDRs of the proxies.

describe('TRUST_PROXY', () => {
  it('when unset or empty, then nobody is trusted', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBeUndefined();
  });

  it('when a hop count, then that number', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('when a list of addresses and CIDRs, then that list, trimmed', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it.each(['0', 'true', 'yes', '10.0.0.0/33', '10.0.0', 'loopback', '127.0.0.1,nginx', '::1/129'])('when %s, then start-up refuses it and says why', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      'TRUST_PROXY: TRUST_PROXY must be a hop count (1, 2...) or a comma-separated list of addresses or CIDRs (10.0.0.1,192.168.0.0/16)',
    );
  });
});

// Issue 20 point 4: WORKERS server processes (decision 033); above 1 only on PostgreSQL with Redis.
describe('WORKERS', () => {
  const postgres = 'postgres://postgres@127.0.0.1:5432/portal';
  const redis = 'redis://127.0.0.1:6379';

  it('when unset or empty, then one process', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '' }).workers).toBe(1);
  });

  it('when above 1 with DATABASE_URL and REDIS_URL, then that many', () => {
    expect(loadConfig({ WORKERS: '4', DATABASE_URL: postgres, REDIS_URL: redis }).workers).toBe(4);
  });

  it('when above 1 on the embedded database, then start-up refuses it and says why', () => {
    expect(() => loadConfig({ WORKERS: '2', REDIS_URL: redis })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2', REDIS_URL: redis })).toThrow(`Invalid configuration:\n  WORKERS: ${WORKERS_EMBEDDED_MESSAGE}`);
  });

  it('when above 1 without REDIS_URL, then start-up refuses it and says why', () => {
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: postgres })).toThrow(`Invalid configuration:\n  WORKERS: ${WORKERS_REDIS_MESSAGE}`);
  });

  it('when above 1 with neither, then both reasons', () => {
    expect(() => loadConfig({ WORKERS: '3' })).toThrow(`Invalid configuration:\n  WORKERS: ${WORKERS_EMBEDDED_MESSAGE}\n  WORKERS: ${WORKERS_REDIS_MESSAGE}`);
  });

  it.each(['0', '-1', '1.5', 'two', '65'])('when %s, then start-up refuses it and says why', (value) => {
    expect(() => loadConfig({ WORKERS: value, DATABASE_URL: postgres, REDIS_URL: redis })).toThrow(
      'Invalid configuration:\n  WORKERS: WORKERS must be a whole number from 1 to 64',
    );
  });
});
