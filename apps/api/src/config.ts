import { z } from 'zod';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** A string that counts as unset when empty or blank. */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  /** Unset: `demo` in development and test, `none` in production (decision 108). */
  SEED: z.enum(['demo', 'none']).optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().min(3).default('Skolar <no-reply@skolar.test>'),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Days an audit row is kept; the daily retention job deletes older rows (decision 132). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(400),
  /**
   * clamd, the ClamAV daemon that scans every upload before it is stored (decision 143): its Unix
   * socket (`/run/clamav/clamd.ctl`), or its host and port (3310 by default). Unset: no scan
   * (production logs a warning at start). Set but unreachable: uploads are refused with 503.
   */
  CLAMD_SOCKET: optionalText,
  CLAMD_HOST: optionalText,
  CLAMD_PORT: z.coerce.number().int().min(1).max(65535).default(3310),
  /** How long an upload waits for clamd's verdict before it is refused with 503. */
  CLAMD_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The key that encrypts the MFA secrets at rest, keys the recovery-code hashes and signs the
   * device cookies (any string of 32 characters or more; `openssl rand -base64 32`). Required in
   * production; development and tests fall back to a fixed key that protects nothing.
   */
  MFA_ENCRYPTION_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  /** `1` serves /api/dev/* (the demo accounts, the mail outbox with its links): never in production. */
  DEV_ROUTES: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'HOST' | 'PUBLIC_URL' | 'SEED' | 'MFA_ENCRYPTION_KEY'
> & {
  HOST: string;
  SEED: 'demo' | 'none';
  PUBLIC_URL: string;
  MFA_ENCRYPTION_KEY: string;
};

/** Outside production only: the MFA key when none is set (it protects nothing, by design). */
const DEV_MFA_ENCRYPTION_KEY = 'skolar-development-mfa-key-never-used-in-production';

/** Thrown when an environment variable has a bad value; the message names the variable. */
export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const value = parsed.data;
  const s3 = [value.S3_ENDPOINT, value.S3_BUCKET, value.S3_ACCESS_KEY, value.S3_SECRET_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    throw new ConfigError(
      'Invalid S3_*: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY, or none',
    );
  }
  if (value.CLAMD_SOCKET && value.CLAMD_HOST) {
    throw new ConfigError(
      'Invalid CLAMD_*: set CLAMD_SOCKET or CLAMD_HOST (with CLAMD_PORT), not both',
    );
  }
  if (env.CLAMD_PORT?.trim() && !value.CLAMD_HOST) {
    throw new ConfigError('Invalid CLAMD_PORT: it needs CLAMD_HOST');
  }
  if (value.DEV_ROUTES && value.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid DEV_ROUTES="1": the development routes hand out sign-in links and are refused with NODE_ENV=production',
    );
  }
  if (!value.MFA_ENCRYPTION_KEY && value.NODE_ENV === 'production') {
    throw new ConfigError(
      'Missing MFA_ENCRYPTION_KEY: production needs a secret of 32 characters or more to encrypt the MFA secrets (openssl rand -base64 32)',
    );
  }
  const host = value.HOST ?? (value.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  return {
    ...value,
    HOST: host,
    // The demo's accounts share a published password: a production server seeds them only when
    // told to in so many words.
    SEED: value.SEED ?? (value.NODE_ENV === 'production' ? 'none' : 'demo'),
    MFA_ENCRYPTION_KEY: value.MFA_ENCRYPTION_KEY ?? DEV_MFA_ENCRYPTION_KEY,
    PUBLIC_URL: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
  };
}
