import { describe, expect, it } from 'vitest';
import { isMachinePath } from './static-files.js';

describe('isMachinePath', () => {
  it('is true for the API, media, assets and metrics, however spelled', () => {
    for (const url of [
      '/api',
      '/api/',
      '/api?x=1',
      '/api/v1/nope',
      '/API/v1/x',
      '/media',
      '/media/x',
      '/assets/old.js',
      '/metrics',
      '/metrics/',
      '/Metrics?x',
    ]) {
      expect(isMachinePath(url), url).toBe(true);
    }
  });

  it('is false for the pages the web app routes', () => {
    for (const url of ['/', '/home', '/apix', '/watch/api', '/username/metrics', '/search?q=api']) {
      expect(isMachinePath(url), url).toBe(false);
    }
  });
});
