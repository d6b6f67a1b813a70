import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

/**
 * Request ids: random UUIDs, so ids from any process on any server never repeat (Fastify's
 * default, `req-1`, `req-2`…, starts again in every process). A proxy's own id
 * (`X-Request-Id`, nginx's `$request_id`) is taken instead when the proxy is trusted by
 * TRUST_PROXY, so one id follows a request through the proxy's log and ours; from anyone else
 * it is ignored, since a client could otherwise pick ids that collide with others' on purpose.
 */

/** What a proxy's id may be: printable ASCII without spaces, as long as a log line allows. */
const ACCEPTED_ID = /^[\x21-\x7e]{1,128}$/;

/** The proxy's id when it is usable and the peer is trusted; undefined otherwise. */
export function proxyRequestId(header: unknown, peerTrusted: boolean): string | undefined {
  if (!peerTrusted || typeof header !== 'string') return undefined;
  return ACCEPTED_ID.test(header) ? header : undefined;
}

/** `::ffff:10.0.0.1` is the IPv4 peer 10.0.0.1 on a dual-stack socket. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

/**
 * Whether the immediate peer is a proxy TRUST_PROXY names: `true` trusts every peer, a list
 * trusts those addresses and CIDR ranges (the forms config.ts accepts), `false` none.
 */
export function peerTrust(
  trustProxy: boolean | readonly string[],
): (peer: string | undefined) => boolean {
  if (typeof trustProxy === 'boolean') return () => trustProxy;
  const list = new net.BlockList();
  for (const entry of trustProxy) {
    const [address = '', prefix] = entry.split('/');
    const plain = plainAddress(address);
    if (prefix === undefined) list.addAddress(plain.address, plain.family);
    else list.addSubnet(plain.address, Number(prefix), plain.family);
  }
  return (peer) => {
    if (!peer || net.isIP(peer.replace(/^::ffff:/i, '')) === 0) return false;
    const plain = plainAddress(peer);
    return list.check(plain.address, plain.family);
  };
}

/** Fastify's `genReqId`: the trusted proxy's id, else a new random one. */
export function requestIdGenerator(
  trustProxy: boolean | readonly string[],
): (req: IncomingMessage) => string {
  const trusted = peerTrust(trustProxy);
  return (req) =>
    proxyRequestId(req.headers['x-request-id'], trusted(req.socket?.remoteAddress)) ?? randomUUID();
}
