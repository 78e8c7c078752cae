import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which reverse proxies stand in front of the server (TRUST_PROXY): none, a number of hops, or the
 * proxies' addresses. The client's address is then the last one in X-Forwarded-For that no trusted
 * proxy wrote, never the leftmost, which any client can set to whatever it likes.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** More proxies than this in a row is a typo, not a deployment. */
const MAX_PROXY_HOPS = 10;

/** proxy-addr's (and so Fastify's) names for the reserved ranges. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const OFF = ['', 'false', '0', 'no', 'off'];
const ONE_HOP = ['true', 'yes', 'on'];

/** An address, a CIDR range of one, or a range name; else why not. */
function addressProblem(entry: string): string | null {
  if (RANGE_NAMES.includes(entry)) return null;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) {
    return `"${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${RANGE_NAMES.join(', ')}`;
  }
  if (prefix === undefined) return null;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `"${entry}" has a prefix length outside 0–${String(bits)}`;
  }
  return null;
}

/**
 * Reads TRUST_PROXY: `false` (the default, no proxy), a hop count (`1` for one proxy in front;
 * `true` means the same), or a comma-separated list of the proxies' addresses and CIDR ranges.
 * Answers the problem as a sentence where the value is none of these.
 */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (OFF.includes(value)) return false;
  if (ONE_HOP.includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) {
      return { problem: `must be at most ${String(MAX_PROXY_HOPS)} proxies (got ${value})` };
    }
    return { hops };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const problems = entries.map(addressProblem).filter((problem) => problem !== null);
  if (problems.length > 0) {
    return {
      problem: `${problems.join('; ')}. Set false, the number of proxies in front (1), or their addresses (10.0.0.0/8,192.0.2.10)`,
    };
  }
  return { addresses: entries };
}

/**
 * Fastify's `trustProxy` for a setting. A hop count becomes a function: Fastify reads a bare
 * number as "trust nothing", and `true` would believe the leftmost X-Forwarded-For.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    // Hop 0 is the socket's peer, the nearest proxy; each trusted hop lets one more entry of
    // X-Forwarded-For, counted from the right, speak for the client.
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}

/**
 * Whether a connection's peer is a trusted proxy, whose X-Forwarded-Host Fastify then takes for
 * the host: the same test as Fastify's (hop 0, the addresses compiled by the same library).
 */
export function trustsPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if ('hops' in trust) return () => trust.hops > 0;
  const trusted = proxyAddr.compile(trust.addresses);
  return (address) => address !== undefined && trusted(address, 0);
}
