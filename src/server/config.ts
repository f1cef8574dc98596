import { resolve } from 'node:path'
import * as v from 'valibot'

const Env = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(65535)),
    '3000',
  ),
  HOST: v.optional(v.string(), 'localhost'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://')),
  ),
  ADMIN_PASSWORD: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(128))),
  APP_NAME: v.optional(v.string(), 'Educational Management System'),
  PUBLIC_URL: v.optional(
    v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//, 'must start with http:// or https://')),
  ),
  ACCESS_TOKEN_TTL: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '600'),
  REFRESH_TOKEN_TTL: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)),
    '604800',
  ),
  REFRESH_TOKEN_TTL_REMEMBER: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)),
    '2592000',
  ),
  IMPERSONATION_TTL: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)),
    '900',
  ),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  SIGNUP_ENABLED: v.optional(v.picklist(['true', 'false', '1', '0']), 'false'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp://'))),
  MAIL_FROM: v.optional(v.string(), 'no-reply@localhost'),
  SMS_HTTP_URL: v.optional(v.pipe(v.string(), v.url())),
  SMS_HTTP_TOKEN: v.optional(v.string()),
  PASSWORD_HASH_COST: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(10), v.maxValue(20)),
    '17',
  ),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  STATIC_DIR: v.optional(v.string(), './dist'),
  TRUST_PROXY: v.optional(
    v.pipe(v.string(), v.regex(/^(true|false|\d)$/, 'must be true, false or a number of proxies')),
    'false',
  ),
  REPORT_EXPORT_DIRECT_MAX_ROWS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0)),
    '10000',
  ),
  MERCHANT_KEY: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
  MERCHANT_KEY_PREVIOUS: v.optional(v.string(), ''),
  WORKERS: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(64)),
    '1',
  ),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  adminPassword: string | undefined
  appName: string
  /**
   * Where guardians and applicants reach this server (its origin, no trailing slash), for the
   * addresses printed on receipts; undefined: the address each request came to.
   */
  publicUrl: string | undefined
  version: string
  /** Token lifetimes in seconds. */
  accessTokenTtl: number
  refreshTokenTtl: number
  refreshTokenTtlRemember: number
  impersonationTtl: number
  /** Signs the tokens; generated and kept in the database when not given. */
  jwtSecret: string | undefined
  signupEnabled: boolean
  smtpUrl: string | undefined
  mailFrom: string
  smsHttpUrl: string | undefined
  smsHttpToken: string | undefined
  /** log2 of scrypt's N for new password hashes: 17 (128 MiB) unless tests lower it. */
  passwordHashCost: number
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  /** Where the built PWA lives; undefined serves the API only (tests, dev). */
  staticDir: string | undefined
  /**
   * How many proxies in front of the API append to X-Forwarded-For (0: none is trusted and the
   * client is the connection's address; `true` means one).
   */
  trustProxy: number
  /** API processes sharing the port (needs DATABASE_URL beyond 1). */
  workers: number
  /**
   * Seals merchants' gateway secrets (lib/secret-box.ts): 32 bytes, base64 or hex. Required
   * with DATABASE_URL; the embedded database keeps a generated one in its data dir.
   */
  merchantKey: string | undefined
  /** Keys that sealed secrets before the current one, while they are being re-sealed. */
  merchantKeyPrevious: string[]
  /** The most rows a report's file is made of while its download waits; more run as a job. */
  reportExportDirectMaxRows: number
}

export class ConfigError extends Error {}

/** Reads configuration from environment variables; a bad value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, version: string): Config {
  const parsed = v.safeParse(Env, env)
  if (!parsed.success) {
    const issues = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ')
    throw new ConfigError(`Invalid configuration: ${issues}`)
  }
  const e = parsed.output
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: WORKERS: more than 1 needs DATABASE_URL')
  }
  if (e.DATABASE_URL && !e.MERCHANT_KEY) {
    throw new ConfigError('Invalid configuration: MERCHANT_KEY: required with DATABASE_URL')
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    appName: e.APP_NAME,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    version,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    refreshTokenTtlRemember: e.REFRESH_TOKEN_TTL_REMEMBER,
    impersonationTtl: e.IMPERSONATION_TTL,
    jwtSecret: e.JWT_SECRET,
    signupEnabled: e.SIGNUP_ENABLED === 'true' || e.SIGNUP_ENABLED === '1',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpToken: e.SMS_HTTP_TOKEN,
    passwordHashCost: e.PASSWORD_HASH_COST,
    logLevel: e.LOG_LEVEL,
    staticDir: resolve(e.STATIC_DIR),
    trustProxy:
      e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : Number(e.TRUST_PROXY),
    workers: e.WORKERS,
    reportExportDirectMaxRows: e.REPORT_EXPORT_DIRECT_MAX_ROWS,
    merchantKey: e.MERCHANT_KEY,
    merchantKeyPrevious: e.MERCHANT_KEY_PREVIOUS.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  }
}
