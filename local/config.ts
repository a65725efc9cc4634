import path from 'node:path';
import type { RateLimitConfig } from './auth/config.ts';
import { DEFAULT_JWT_SECRET } from './keys.ts';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');

/** Everything a stack needs to know to start. Defaults match `supabase start` where they overlap. */
export interface StackOptions {
  /** Where Postgres data and the stack's state file live. */
  dataDir: string;
  apiPort: number;
  appPort: number;
  dbPort: number;
  mailboxPort: number;
  /** Use this server instead of starting embedded Postgres. */
  databaseUrl?: string;
  jwtSecret: string;
  /** Wipe the data folder before starting. */
  fresh: boolean;
  /** Built SPA to serve on the app port; null serves functions only (dev mode uses Vite). */
  distDir: string | null;
  /** E-mail confirmation required before sign-in (Supabase's hosted default is on). */
  enableConfirmations: boolean;
  /** Trade durability for speed: tests and benches throw their databases away. */
  ephemeral: boolean;
  /** Auth rate limits over the AUTH_RATE_LIMIT_* environment (tests raise the mail limit). */
  authRateLimits?: RateLimitConfig;
  /** Where the migrations are read from (tests point this elsewhere). */
  migrationsDir?: string;
  /** Extra environment for the Netlify functions (secrets, sandbox base URLs). */
  functionEnv?: Record<string, string>;
  log: (line: string) => void;
}

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got '${raw}'`);
  }
  return port;
}

/** Options for `npm start` / `npm run dev`, from the environment. */
export function optionsFromEnv(overrides: Partial<StackOptions> = {}): StackOptions {
  return {
    dataDir: path.resolve(process.env.STOCKROOM_DATA_DIR ?? path.join(ROOT_DIR, '.local')),
    apiPort: portFromEnv('API_PORT', 54321),
    dbPort: portFromEnv('DB_PORT', 54322),
    mailboxPort: portFromEnv('MAILBOX_PORT', 54324),
    appPort: portFromEnv('APP_PORT', 8888),
    databaseUrl: process.env.DATABASE_URL || undefined,
    jwtSecret: process.env.JWT_SECRET || DEFAULT_JWT_SECRET,
    fresh: false,
    distDir: path.join(ROOT_DIR, 'dist'),
    enableConfirmations: process.env.AUTH_ENABLE_CONFIRMATIONS !== 'false',
    ephemeral: false,
    log: (line) => console.log(line),
    ...overrides,
  };
}
