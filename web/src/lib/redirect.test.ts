import { describe, expect, it } from 'vitest';
import { returnPath } from './redirect';

describe('returnPath', () => {
  it('returns the remembered in-app path', () => {
    expect(returnPath({ from: '/likedvideos' })).toBe('/likedvideos');
    expect(returnPath({ from: '/username/ada?tab=videos#top' })).toBe(
      '/username/ada?tab=videos#top',
    );
  });

  it('falls back when nothing usable was remembered', () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath({ from: '' }, '/home')).toBe('/home');
  });

  it('refuses paths that would leave the site', () => {
    expect(returnPath({ from: '//evil.example' })).toBe('/');
    expect(returnPath({ from: '/\\evil.example' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/');
  });

  it('does not send the user back to the sign-in pages', () => {
    expect(returnPath({ from: '/signin' })).toBe('/');
    expect(returnPath({ from: '/signup?x=1' })).toBe('/');
    expect(returnPath({ from: '/signinfo' })).toBe('/signinfo');
  });
});
