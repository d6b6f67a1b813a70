import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ERROR_MESSAGES,
  clientErrorAnswer,
  clientErrorBytes,
  methodOf,
  overflowInRequestLine,
} from './client-errors.js';

describe('clientErrorAnswer', () => {
  it('names a slow request, oversized headers, and anything else Node could not parse', () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toEqual({
      status: 408,
      message: CLIENT_ERROR_MESSAGES.timeout,
    });
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW').status).toBe(431);
    expect(clientErrorAnswer('HPE_INVALID_METHOD').status).toBe(400);
    expect(clientErrorAnswer(undefined).status).toBe(400);
  });

  it('answers 414 when the overflow is in the request line', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW', true)).toEqual({
      status: 414,
      message: CLIENT_ERROR_MESSAGES.addressTooLong,
    });
    expect(clientErrorAnswer('HPE_INVALID_METHOD', true).status).toBe(400);
  });
});

describe('overflowInRequestLine', () => {
  const long = '1'.repeat(20_000);
  const bytes = (text: string) => Buffer.from(text, 'latin1');

  it('sees a request line still going where Node stopped', () => {
    const line = `GET /api/v1/videos/getallvideos?page=${long}`;
    expect(overflowInRequestLine(bytes(`${line} HTTP/1.1\r\nHost: x\r\n\r\n`), line.length)).toBe(
      true,
    );
    expect(overflowInRequestLine(bytes(line), undefined)).toBe(true);
    expect(overflowInRequestLine(bytes(`HEAD http://x/${long}`), 20_000)).toBe(true);
    // After an earlier request on the same connection, read in the same chunk.
    const pipelined = `GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b?${long}`;
    expect(overflowInRequestLine(bytes(pipelined), pipelined.length)).toBe(true);
  });

  it('sees a header overflow, and what it cannot tell, as headers', () => {
    const header = `GET /x HTTP/1.1\r\nHost: x\r\nX-Big: ${long}`;
    expect(overflowInRequestLine(bytes(header), header.length)).toBe(false);
    // Past the request line's end, though the bytes after it are not parsed yet.
    expect(overflowInRequestLine(bytes(header), 10)).toBe(true);
    // A read wholly inside a long value, even one that reads like words.
    expect(overflowInRequestLine(bytes(long), 1000)).toBe(false);
    expect(overflowInRequestLine(bytes(`earer ${long}`), 1000)).toBe(false);
    expect(overflowInRequestLine(undefined, 10)).toBe(false);
  });
});

describe('clientErrorBytes', () => {
  it('answers in the error envelope, with its length', () => {
    const bytes = clientErrorBytes(408, CLIENT_ERROR_MESSAGES.timeout, 'POST');
    const [head, body] = bytes.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toContain('content-type: application/json; charset=utf-8');
    expect(head).toContain('connection: close');
    expect(JSON.parse(body!)).toEqual({
      statusCode: 408,
      success: false,
      message: CLIENT_ERROR_MESSAGES.timeout,
      errors: [],
    });
    expect(head).toContain(`content-length: ${Buffer.byteLength(body!)}`);
  });

  it('sends no body to a HEAD request, keeping the length a GET would get', () => {
    const bytes = clientErrorBytes(431, CLIENT_ERROR_MESSAGES.headersTooLarge, 'HEAD');
    expect(bytes.endsWith('\r\n\r\n')).toBe(true);
    expect(bytes).toMatch(/content-length: [1-9]\d*\r\n/);
  });
});

describe('methodOf', () => {
  it('reads the method from the bytes Node could not parse', () => {
    const socket = new net.Socket();
    expect(methodOf(socket, Buffer.from('HEAD / HTTP/1.1\r\nx: '))).toBe('HEAD');
    expect(methodOf(socket, Buffer.from('GET /a HTTP/1.1'))).toBe('GET');
    expect(methodOf(socket, Buffer.from('\u0000\u0001garbage'))).toBeUndefined();
    expect(methodOf(socket, undefined)).toBeUndefined();
  });
});
