/**
 * api-server settings, all from the environment so every instance behind a load balancer is
 * configured the same way and keeps nothing of its own.
 */
import { LIMITS } from '@social/mock-api/contract';
import { FAKE_BACKEND_TOKEN_SECRET } from '@social/mock-api/token-secret';

export interface ServerConfig {
  /** NODE_ENV is production (read from the environment given, never from a bundler's constant). */
  production: boolean;
  host: string;
  port: number;
  /** postgres://… for a PostgreSQL server; undefined runs on embedded PGlite. */
  databaseUrl?: string;
  /** PGlite's data folder; 'memory://' keeps nothing (tests). */
  dataDir: string;
  tokenSecret: string;
  corsOrigins: string[];
  /** Login and signup attempts per client address per window. */
  authRateLimit: { max: number; windowMs: number };
  /**
   * What an empty database starts with (API_SEED): 'demo', the eight sample members with their
   * published passwords and their posts (the default outside production), or 'none' (the
   * default in production).
   */
  seed: 'demo' | 'none';
  /**
   * The demo seed grants its moderator (test user 4) the role: outside production only, where
   * her published password would let anyone moderate; there the operator grants roles (src/roles.ts).
   */
  seedModerator: boolean;
  /** Extra generated posts in the demo seed of an empty database (benchmarks). */
  seedExtraPosts: number;
  /** Enables POST /api/__test/reset (tests only; never in production). */
  allowReset: boolean;
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** pino log level, or 'silent'. */
  logLevel: string;
  /** Database connections per instance (pg pool size). */
  poolSize: number;
  /** Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy): off unless configured, so a client can't fake its address. */
  trustProxy: boolean | string;
  /** The origin clients reach this API at (image URLs, live events); unset: the address it listens on. */
  publicUrl?: string;
  /** v1 answers leave out other members' e-mails and bookmarks (docs/api-server-security.md): always in production. */
  publicMode: boolean;
  /** In public mode, the most items a v1 list answer holds (API_V1_MAX_ITEMS; docs/api-server-security.md). */
  v1MaxItems: number;
  /** Issue 28: timeouts, rate limits, fixtures and the migration step (see docs/api-server-operations.md). */
  operations: OperationsConfig;
}

export interface OperationsConfig {
  /** Longest wait for a database connection (pg connectionTimeoutMillis). */
  dbConnectTimeoutMs: number;
  /** Longest statement on the server (statement_timeout); this side waits a second more (query_timeout). */
  dbStatementTimeoutMs: number;
  /** Parameterised queries as named prepared statements, planned once per connection (http/pool.ts); '0' behind a pooler that cannot keep them. */
  dbPreparedStatements: boolean;
  /** Longest time to an answer: past it, 503 with Retry-After. */
  requestTimeoutMs: number;
  /** Longest graceful shutdown (SIGTERM/SIGINT) before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Changing calls per member (or per address without a token) per window. */
  writeRateLimit: { max: number; windowMs: number };
  /** Reads per client address per window, counted by each instance. */
  readRateLimit: { max: number; windowMs: number };
  /** Login attempts per account (username) per window, whatever the address. */
  loginAccountRateLimit: { max: number; windowMs: number };
  /** Answers GET /api/test-todos (the tester's fixtures): on unless NODE_ENV is production. */
  testTodos: boolean;
  /** Runs the migrations at start (default); '0' leaves them to `npm run migrate -w api-server`. */
  migrateOnStart: boolean;
  /** Open live event streams per client address on this instance, and in all on this instance: past them, 429 / 503 with Retry-After. */
  liveStreams: { perAddress: number; perMember: number; total: number };
}

/** Development-only secret: refused when NODE_ENV is production. */
export const DEV_TOKEN_SECRET = 'orbit-api-server :: development secret :: not for production';

/**
 * Secrets anyone can read in this repository (and, for the fake backend's, in the apps' bundle):
 * whoever knows the secret signs session and device tokens (src/tokens.ts), so production refuses them.
 */
const PUBLISHED_SECRETS: readonly string[] = [DEV_TOKEN_SECRET, FAKE_BACKEND_TOKEN_SECRET];

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}".`);
  return Number(raw);
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = wholeNumber(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${env[name]}".`);
  return value;
}

/** '' or unset: trust no proxy; 'true': any (only when nothing but the balancer can reach the instance); else addresses/CIDRs, comma-separated. */
function trustProxyOf(raw: string | undefined): boolean | string {
  if (!raw) return false;
  return raw === 'true' ? true : raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const tokenSecret = env.API_TOKEN_SECRET ?? (production ? '' : DEV_TOKEN_SECRET);
  if (!tokenSecret) throw new ConfigError('API_TOKEN_SECRET must be set when NODE_ENV is production.');
  if (production && tokenSecret.length < 32) throw new ConfigError('API_TOKEN_SECRET must be at least 32 characters long.');
  if (production && PUBLISHED_SECRETS.includes(tokenSecret.trim()))
    throw new ConfigError(
      'API_TOKEN_SECRET is a development secret published with the code: set a random one of your own (e.g. `openssl rand -hex 32`) in production.',
    );
  // Roles are granted to members (src/roles.ts): a list of handles would go to whoever signs up with one first.
  if (env.API_MODERATORS !== undefined)
    throw new ConfigError(
      'API_MODERATORS is not a setting: moderators are members granted the role with `npm run role -w api-server -- grant moderator <handle|e-mail>`.',
    );
  const allowReset = env.API_ALLOW_RESET === '1';
  if (allowReset && production) throw new ConfigError('API_ALLOW_RESET is for tests and cannot be used in production.');
  const origins = env.API_CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    production,
    host: env.HOST ?? '127.0.0.1',
    port: wholeNumber(env, 'PORT', 4000),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.API_DATA_DIR ?? '.data/pglite',
    tokenSecret,
    corsOrigins: origins && origins.length ? origins : DEV_ORIGINS,
    authRateLimit: { max: wholeNumber(env, 'API_AUTH_RATE_LIMIT', 20), windowMs: wholeNumber(env, 'API_AUTH_RATE_WINDOW_MS', 60_000) },
    ...seedOf(env, production),
    allowReset,
    // The contract's limit: a larger body answers 413 with the limit in the message.
    bodyLimit: LIMITS.maxBodyBytes,
    logLevel: env.API_LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    poolSize: wholeNumber(env, 'API_DB_POOL_SIZE', 10),
    trustProxy: trustProxyOf(env.API_TRUST_PROXY),
    publicUrl: env.API_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    publicMode: production || onOff(env, 'API_PUBLIC_MODE', false),
    v1MaxItems: positive(env, 'API_V1_MAX_ITEMS', 500),
    operations: loadOperations(env, production),
  };
}

/**
 * API_SEED: 'demo' or 'none'; unset, 'demo' outside production and 'none' in production, so a new
 * production database never holds accounts whose passwords are published (the login page's).
 * API_SEED_POSTS adds generated posts to the demo and means nothing without it.
 */
function seedOf(env: NodeJS.ProcessEnv, production: boolean): Pick<ServerConfig, 'seed' | 'seedModerator' | 'seedExtraPosts'> {
  const raw = env.API_SEED;
  if (raw !== undefined && raw !== '' && raw !== 'demo' && raw !== 'none')
    throw new ConfigError(`API_SEED must be "demo" or "none", got "${raw}".`);
  const seed = raw === 'demo' || raw === 'none' ? raw : production ? 'none' : 'demo';
  const seedExtraPosts = wholeNumber(env, 'API_SEED_POSTS', 0);
  if (seedExtraPosts > 0 && seed !== 'demo')
    throw new ConfigError('API_SEED_POSTS adds posts to the demo data: set API_SEED=demo with it.');
  return { seed, seedModerator: !production, seedExtraPosts };
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw !== '0' && raw !== '1') throw new ConfigError(`${name} must be 0 or 1, got "${raw}".`);
  return raw === '1';
}

function loadOperations(env: NodeJS.ProcessEnv, production: boolean): OperationsConfig {
  return {
    dbConnectTimeoutMs: wholeNumber(env, 'API_DB_CONNECT_TIMEOUT_MS', 2000),
    dbStatementTimeoutMs: wholeNumber(env, 'API_DB_STATEMENT_TIMEOUT_MS', 5000),
    dbPreparedStatements: onOff(env, 'API_DB_PREPARED_STATEMENTS', true),
    requestTimeoutMs: wholeNumber(env, 'API_REQUEST_TIMEOUT_MS', 10_000),
    shutdownTimeoutMs: wholeNumber(env, 'API_SHUTDOWN_TIMEOUT_MS', 15_000),
    writeRateLimit: { max: wholeNumber(env, 'API_WRITE_RATE_LIMIT', 120), windowMs: wholeNumber(env, 'API_WRITE_RATE_WINDOW_MS', 60_000) },
    readRateLimit: { max: wholeNumber(env, 'API_READ_RATE_LIMIT', 3000), windowMs: wholeNumber(env, 'API_READ_RATE_WINDOW_MS', 60_000) },
    loginAccountRateLimit: {
      max: wholeNumber(env, 'API_LOGIN_ACCOUNT_RATE_LIMIT', 10),
      windowMs: wholeNumber(env, 'API_LOGIN_ACCOUNT_RATE_WINDOW_MS', 900_000),
    },
    testTodos: onOff(env, 'API_TEST_TODOS', !production),
    migrateOnStart: onOff(env, 'API_MIGRATE_ON_START', true),
    liveStreams: {
      perAddress: wholeNumber(env, 'API_LIVE_STREAMS_PER_ADDRESS', 16),
      perMember: wholeNumber(env, 'API_LIVE_STREAMS_PER_MEMBER', 10),
      total: wholeNumber(env, 'API_LIVE_STREAMS_MAX', 10_000),
    },
  };
}
