import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, ./data and SQLite', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe(path.resolve('data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sqlitePath).toBe(path.resolve('data/vidshare.sqlite'));
    expect(c.corsOrigins).toEqual([]);
  });
  it('reads PORT, DATA_DIR, DATABASE_URL and CORS_ORIGINS', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/vids',
      DATABASE_URL: 'postgres://u@db/vids',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('/srv/vids');
    expect(c.databaseUrl).toBe('postgres://u@db/vids');
    expect(c.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });
  it('rejects nonsense early', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});

describe('loadConfig: sign-in with Google', () => {
  it('is off unless both client id and secret are set; PUBLIC_URL defaults to the port', () => {
    const c = loadConfig({ PORT: '4000' });
    expect(c.google).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:4000');
  });
  it('defaults the issuer to Google and trims a trailing slash from PUBLIC_URL', () => {
    const c = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://videos.example/',
    });
    expect(c.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuerUrl: 'https://accounts.google.com',
    });
    expect(c.publicUrl).toBe('https://videos.example');
  });
  it('refuses half a configuration and URLs that are not http(s)', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ PUBLIC_URL: 'videos.example' })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({
        GOOGLE_CLIENT_ID: 'i',
        GOOGLE_CLIENT_SECRET: 's',
        GOOGLE_ISSUER_URL: 'ftp://x',
      }),
    ).toThrow(/GOOGLE_ISSUER_URL/);
    const google = { GOOGLE_CLIENT_ID: 'i', GOOGLE_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER_URL: 'http://idp.example' })).toThrow(
      /https/,
    );
    expect(loadConfig({ ...google, GOOGLE_ISSUER_URL: 'http://localhost:9000' }).google).toEqual({
      clientId: 'i',
      clientSecret: 's',
      issuerUrl: 'http://localhost:9000',
    });
  });
});
