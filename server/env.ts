import path from 'node:path';
import { z } from 'zod';

/** The admin address used when ADMIN_EMAIL is not set: there is always an admin address, configured or not. */
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, message: `expected an http(s) URL for ${what}` });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int({ message: 'expected a whole port number' })
    .min(0, { message: 'expected a port from 0 to 65535' })
    .max(65535, { message: 'expected a port from 0 to 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: httpUrl('PUBLIC_URL').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'expected a postgres:// or postgresql:// connection URL' })
    .optional(),
  ADMIN_EMAIL: z.email({ message: 'expected an e-mail address' }).default(DEFAULT_ADMIN_EMAIL),
  ADMIN_INITIAL_PASSWORD: z.string().min(8, { message: 'expected at least 8 characters' }).optional(),
  SITE_NAME: z.string().min(1).max(80).default('Horses & Dance Photography'),
  BOOKING_FORM_URL: z.url({ protocol: /^https$/, message: 'expected an https URL of the booking form' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AUTH_SECRET: z.string().min(32, { message: 'expected at least 32 characters' }).optional(),
  DEMO_CONTENT: booleanText.default(true),
  DEMO_CONTENT_GATE: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F:.,/ ]+)$/, {
      message: 'expected false, true, or a comma-separated list of proxy addresses',
    })
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_DRIVER: z.enum(['disk', 's3']).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: httpUrl('S3_ENDPOINT').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(false),
  JOB_LEASE_SECONDS: z.coerce
    .number({ message: 'expected a number of seconds' })
    .int({ message: 'expected a whole number of seconds' })
    .min(3, { message: 'expected at least 3 seconds' })
    .max(3600, { message: 'expected at most 3600 seconds' })
    .default(30),
  MEDIA_ACCEL: z.enum(['off', 'nginx'], { message: 'expected off or nginx' }).default('off'),
  READ_START_NUMBERS: booleanText.default(true),
  RIDER_NOTICE_DELAY_SECONDS: z.coerce
    .number({ message: 'expected a number of seconds' })
    .int({ message: 'expected a whole number of seconds' })
    .min(0, { message: 'expected at least 0 seconds' })
    .max(3600, { message: 'expected at most 3600 seconds' })
    .default(120),
  STORAGE_QUOTA_BYTES: z.coerce
    .number({ message: 'expected a number of bytes' })
    .int({ message: 'expected a whole number of bytes' })
    .positive({ message: 'expected a positive number of bytes' })
    .optional(),
});

export type RawEnv = z.input<typeof schema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The site's public origin, used for every link we send out (never the Host header). */
  publicUrl: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  adminEmail: string;
  adminInitialPassword: string | undefined;
  siteName: string;
  bookingFormUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  demoContent: boolean;
  /**
   * Tests only, refused in production: the demo set starts once this file exists, so a browser test can hold a new
   * site in its "demo photos are being prepared" state for as long as it needs, then let the real preparation run.
   */
  demoContentGate: string | undefined;
  logLevel: string;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe (rate limits key on the client address). */
  trustProxy: boolean | string;
  storage:
    | { kind: 'disk'; root: string }
    | {
        kind: 's3';
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /**
   * Who sends media bytes. `off`: this server (Range, If-Range, 304 and 416 included). `nginx`: the app authorizes
   * and answers with `X-Accel-Redirect` to the proxy's internal location for disk files (deploy/nginx), and links
   * public derivatives into DATA_DIR/public for the proxy to send itself (server/services/media/public-mirror.ts).
   */
  mediaAccel: 'off' | 'nginx';
  /** The most the stored originals may take; an upload past it is refused with 402 quota-exceeded. */
  storageQuotaBytes: number | undefined;
  /**
   * Whether an event photo's start numbers are read from the frame (OCR). On by default; test apps turn it off unless
   * a test is about the reading, since the models take ~1 s a photo.
   */
  readStartNumbers: boolean;
  /**
   * How long after photos are placed the riders who asked are e-mailed: every placement until then is told of in one
   * mail. Two minutes by default; tests use 0.
   */
  riderNoticeDelayMs: number;
  /**
   * How long a background job's claim lasts without renewal (renewed every third of it). After a crash another
   * instance takes the job over once it runs out.
   */
  jobLeaseMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration once, at boot. Empty strings count as unset, so a blank line in .env keeps the default.
 * Every bad variable is reported in one error, by name, with what was expected.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR);
  const storageKind = env.STORAGE_DRIVER ?? (env.S3_BUCKET ? 's3' : 'disk');
  if (storageKind === 's3' && !env.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE_DRIVER is s3');
  // A secret generated into DATA_DIR is one instance's own: another instance on the same database or bucket would
  // refuse its cookies and signed links. Sharing either is what running several instances looks like.
  if (!env.AUTH_SECRET) {
    if (env.NODE_ENV === 'production') {
      problems.push('AUTH_SECRET: required in production (at least 32 random characters)');
    } else if (env.DATABASE_URL || storageKind === 's3') {
      problems.push(
        'AUTH_SECRET: required with DATABASE_URL or S3 storage, so every instance signs sessions and links alike ' +
          '(at least 32 random characters)',
      );
    }
  }
  if (env.DEMO_CONTENT_GATE && env.NODE_ENV === 'production') {
    problems.push('DEMO_CONTENT_GATE: a switch for tests, refused in production');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    publicUrl,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'app.db') },
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    adminInitialPassword: env.ADMIN_INITIAL_PASSWORD,
    siteName: env.SITE_NAME,
    bookingFormUrl: env.BOOKING_FORM_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    authSecret: env.AUTH_SECRET,
    demoContent: env.DEMO_CONTENT,
    demoContentGate: env.DEMO_CONTENT_GATE,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    storage:
      storageKind === 's3'
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET ?? '',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk', root: path.join(dataDir, 'media') },
    mediaAccel: env.MEDIA_ACCEL,
    storageQuotaBytes: env.STORAGE_QUOTA_BYTES,
    readStartNumbers: env.READ_START_NUMBERS,
    riderNoticeDelayMs: env.RIDER_NOTICE_DELAY_SECONDS * 1000,
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
  };
}

/** 'true' trusts every hop: only behind a proxy that overwrites X-Forwarded-For. Otherwise name the proxies. */
function parseTrustProxy(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
