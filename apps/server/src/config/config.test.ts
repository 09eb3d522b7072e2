import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
