import { describe, expect, it } from 'vitest';
import { tusDiscoveryHeaders } from './tus-discovery.js';

describe('tusDiscoveryHeaders', () => {
  it('names version 1.0.0, the extensions spoken and the largest upload', () => {
    expect(tusDiscoveryHeaders(4 * 1024 ** 3)).toEqual({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': 'creation,creation-with-upload,termination,expiration',
      'tus-max-size': '4294967296',
    });
  });

  it('never offers a creation without its length', () => {
    expect(tusDiscoveryHeaders(1)['tus-extension']).not.toMatch(/defer-length/);
  });
});
