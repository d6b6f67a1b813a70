import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ERROR_MESSAGES,
  clientErrorAnswer,
  clientErrorBytes,
  methodOf,
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
