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
