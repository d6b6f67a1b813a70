import { describe, expect, it } from 'vitest';
import { API_PATHS, API_ROUTES, fillPath } from './api-paths.js';

describe('API paths', () => {
  it('a path without parameters is its template', () => {
    expect(API_PATHS.login).toBe(API_ROUTES.login);
    expect(API_PATHS.studioDashboard).toBe('/studio/dashboard');
  });

  it('fills parameters in order, each encoded as one segment', () => {
    expect(API_PATHS.toggleLike('a b/c', 'like')).toBe('/toggle/like-dislike/a%20b%2Fc/like');
    expect(API_PATHS.channel('zoë?')).toBe('/users/c/zo%C3%AB%3F');
    expect(API_PATHS.retryProcessing('v1')).toBe('/videos/v1/processing/retry');
  });

  it('a missing parameter leaves an empty segment rather than the template name', () => {
    expect(fillPath('/a/:x/b/:y', ['1'])).toBe('/a/1/b/');
  });
});
