import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { TestClient } from '../../test/http';
import { SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS } from '../modules/auth/sign-in';
import { fastifyTrustProxy, trustsPeer } from './trust-proxy';

describe('fastifyTrustProxy', () => {
  it('trusts as many hops as configured, counted from the socket', () => {
    const trust = fastifyTrustProxy({ hops: 2 });
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('192.0.2.1', hop))).toEqual([true, true, false]);
  });

  it('passes address lists through and nothing when off', () => {
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});

/** Wrong passwords for one account, each with a different made-up leftmost X-Forwarded-For. */
async function rotatingSignIns(client: TestClient, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i += 1) {
    const response = await client.post(
      '/api/auth/login',
      { username: 'amelia', password: 'not-her-password' },
      // What a proxy passes on: the client's own header, then the address it saw.
      { 'x-forwarded-for': `198.51.100.${String(i + 1)}, 203.0.113.9` },
    );
    statuses.push(response.statusCode);
  }
  return statuses;
}

const limited = [...Array<number>(SIGN_IN_LIMIT_PER_ACCOUNT_AND_ADDRESS).fill(401), 429];

describe.each(['1', 'true'])('behind one proxy (TRUST_PROXY=%s)', (setting) => {
  const t = useTestApp({ TRUST_PROXY: setting });

  it('counts sign-ins against the address the proxy saw, not the leftmost forwarded one', async () => {
    const viaProxy = new TestClient(t.app).withIp('10.0.0.2');
    expect(await rotatingSignIns(viaProxy, limited.length)).toEqual(limited);
  });
});

describe('behind listed proxies (TRUST_PROXY=10.0.0.0/8)', () => {
  const t = useTestApp({ TRUST_PROXY: '10.0.0.0/8' });

  it('believes X-Forwarded-For only as far as the listed proxies wrote it', async () => {
    const viaProxy = new TestClient(t.app).withIp('10.0.0.2');
    expect(await rotatingSignIns(viaProxy, limited.length)).toEqual(limited);
  });

  it('ignores X-Forwarded-* from a client that is not a listed proxy', async () => {
    const direct = new TestClient(t.app).withIp('192.0.2.77');
    expect(await rotatingSignIns(direct, limited.length)).toEqual(limited);
  });
});

describe('trustsPeer', () => {
  it('trusts the peer as Fastify does before taking its X-Forwarded-Host', () => {
    expect(trustsPeer(false)('127.0.0.1')).toBe(false);
    expect(trustsPeer({ hops: 1 })('203.0.113.9')).toBe(true);
    const listed = trustsPeer({ addresses: ['loopback', '10.0.0.0/8'] });
    expect(listed('127.0.0.1')).toBe(true);
    expect(listed('10.1.2.3')).toBe(true);
    expect(listed('203.0.113.9')).toBe(false);
    expect(listed(undefined)).toBe(false);
  });
});
