import { describe, expect, it } from 'vitest';
import { clientErrorStatus } from './request-log.js';

describe('clientErrorStatus', () => {
  it('is the answer given to the client, or 499 when it left before one', () => {
    expect(clientErrorStatus('ERR_HTTP_REQUEST_TIMEOUT')).toBe(408);
    expect(clientErrorStatus('HPE_HEADER_OVERFLOW')).toBe(431);
    expect(clientErrorStatus('ECONNRESET')).toBe(499);
    expect(clientErrorStatus('HPE_INVALID_EOF_STATE')).toBe(499);
    expect(clientErrorStatus('HPE_INVALID_METHOD')).toBe(400);
    expect(clientErrorStatus(undefined)).toBe(400);
  });
});
