import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { peerTrust, proxyRequestId, requestIdGenerator } from './request-id.js';

const req = (remoteAddress: string, id?: string) =>
  ({
    headers: id === undefined ? {} : { 'x-request-id': id },
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;

describe('peerTrust', () => {
  it('trusts every peer or none for true and false', () => {
    expect(peerTrust(true)('203.0.113.9')).toBe(true);
    expect(peerTrust(false)('127.0.0.1')).toBe(false);
  });

  it('trusts listed addresses and ranges only, IPv4 peers on dual-stack sockets too', () => {
    const trusted = peerTrust(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('192.0.2.7')).toBe(true);
    expect(trusted('192.0.2.8')).toBe(false);
    expect(trusted('2001:db8::1')).toBe(true);
    expect(trusted('2001:db9::1')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(trusted('not an address')).toBe(false);
  });
});

describe('proxyRequestId', () => {
  it('takes a printable id from a trusted peer', () => {
    expect(proxyRequestId('0f3c9a7e41b24d6f', true)).toBe('0f3c9a7e41b24d6f');
    expect(proxyRequestId('Root=1-abc;Parent=2', true)).toBe('Root=1-abc;Parent=2');
  });

  it('ignores it from anyone else, and ignores ids a log line should not carry', () => {
    expect(proxyRequestId('0f3c9a7e41b24d6f', false)).toBeUndefined();
    for (const bad of ['', 'has space', 'line\nbreak', 'x'.repeat(129), 'é']) {
      expect(proxyRequestId(bad, true), JSON.stringify(bad)).toBeUndefined();
    }
    expect(proxyRequestId(['a', 'b'], true)).toBeUndefined();
  });
});

describe('requestIdGenerator', () => {
  it('makes a new random id per request unless a trusted proxy sent one', () => {
    const gen = requestIdGenerator(['127.0.0.1']);
    const a = gen(req('198.51.100.1'));
    const b = gen(req('198.51.100.1'));
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
    expect(gen(req('198.51.100.1', 'chosen-by-client'))).not.toBe('chosen-by-client');
    expect(gen(req('127.0.0.1', 'from-the-proxy'))).toBe('from-the-proxy');
  });
});
