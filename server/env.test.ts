import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_EMAIL, loadConfig } from './env';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/app.db') });
    expect(config.storage).toEqual({ kind: 'disk', root: path.resolve('./data/media') });
    expect(config.adminEmail).toBe(DEFAULT_ADMIN_EMAIL);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demoContent).toBe(true);
    expect(config.smtpUrl).toBeUndefined();
  });

  it('switches to PostgreSQL and S3 when they are configured', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db/gallery',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db/gallery' });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'media', forcePathStyle: true });
  });

  it('names every bad variable in one error, with what was expected', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', ADMIN_EMAIL: 'not-an-email', DATABASE_URL: 'mysql://x', DEMO_CONTENT: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: expected a port number/m);
    expect(problems).toMatch(/^ADMIN_EMAIL: expected an e-mail address/m);
    expect(problems).toMatch(/^DATABASE_URL: expected a postgres:\/\//m);
    expect(problems).toMatch(/^DEMO_CONTENT: expected true or false/m);
  });

  it('treats empty values as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://photos.example.com/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://photos.example.com');
  });

  it('reads STORAGE_QUOTA_BYTES as a whole number of bytes, unset by default', () => {
    expect(loadConfig({}).storageQuotaBytes).toBeUndefined();
    expect(loadConfig({ STORAGE_QUOTA_BYTES: '107374182400' }).storageQuotaBytes).toBe(107_374_182_400);
    expect(() => loadConfig({ STORAGE_QUOTA_BYTES: '10GB' })).toThrow(
      /STORAGE_QUOTA_BYTES: expected a number of bytes/,
    );
    expect(() => loadConfig({ STORAGE_QUOTA_BYTES: '0' })).toThrow(/STORAGE_QUOTA_BYTES: expected a positive number/);
  });

  it('refuses to run in production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });

  it('takes the demo set gate only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', DEMO_CONTENT_GATE: '/tmp/gate' }).demoContentGate).toBe('/tmp/gate');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), DEMO_CONTENT_GATE: '/tmp/gate' }),
    ).toThrow(/DEMO_CONTENT_GATE: a switch for tests, refused in production/);
  });

  it('requires the session secret whenever the database or the bucket can be shared by several instances', () => {
    const secret = { AUTH_SECRET: 'x'.repeat(32) };
    const shared = { DATABASE_URL: 'postgres://gallery@db/gallery' };
    const bucket = { S3_BUCKET: 'media' };
    expect(() => loadConfig(shared)).toThrow(/^ {2}- AUTH_SECRET: required with DATABASE_URL or S3 storage/m);
    expect(() => loadConfig(bucket)).toThrow(/AUTH_SECRET: required with DATABASE_URL or S3 storage/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', ...bucket })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ ...shared, ...secret }).database.kind).toBe('postgres');
    expect(loadConfig({ ...bucket, ...secret }).storage.kind).toBe('s3');
    // One machine, its own files: the generated secret in DATA_DIR serves.
    expect(loadConfig({}).authSecret).toBeUndefined();
  });

  it('reads the job lease in seconds, 30 by default', () => {
    expect(loadConfig({}).jobLeaseMs).toBe(30_000);
    expect(loadConfig({ JOB_LEASE_SECONDS: '10' }).jobLeaseMs).toBe(10_000);
    expect(() => loadConfig({ JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS: expected at least 3 seconds/);
  });
});
