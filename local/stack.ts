import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createAppServer } from './app-server.ts';
import { authSettingsFromEnv } from './auth/env.ts';
import { createAuthService } from './auth/index.ts';
import type { StackOptions } from './config.ts';
import { createGateway } from './gateway.ts';
import { closeServer, listenLocal } from './http.ts';
import { signApiKey } from './keys.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';
import { carryOverIfOld } from './carry-over.ts';
import { migrate } from './migrate.ts';
import { assertPortFree } from './ports.ts';
import { startEmbeddedPostgres, useExistingPostgres, type RunningPostgres } from './postgres.ts';
import { startPostgrest, type RunningPostgrest } from './postgrest.ts';
import { startRealtime } from './realtime/service.ts';
import { createStorageService, DEFAULT_FILE_SIZE_LIMIT } from './storage/index.ts';
import { endLeftover, startReaper, type RestartablePart } from './processes.ts';
import { startStripeSandbox } from './sandboxes/stripe.ts';
import { stripeSandboxSettings } from './sandboxes/stripe-config.ts';
import { startEbaySandbox } from './sandboxes/ebay.ts';
import { ebaySandboxSettings } from './sandboxes/ebay-config.ts';

/** What `npm run status` prints and tests connect with. */
export interface StackEnv {
  API_URL: string;
  DB_URL: string;
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
  JWT_SECRET: string;
  APP_URL: string;
  MAILBOX_URL: string;
}

export interface RunningStack {
  env: StackEnv;
  mailbox: Mailbox;
  /** PostgREST itself, behind the gateway; for benches that compare the two. */
  postgrestUrl: string;
  /** Migration files applied by this start (empty on a warm start). */
  applied: string[];
  /** Base URLs of the outside-API sandboxes; null when the environment names the real service. */
  sandboxes: { stripe: string | null; ebay: string | null };
  startMs: number;
  /**
   * Settles when the stack has stopped: with null after stop(), or with what went wrong when a
   * part died and could not be brought back (everything else is stopped by then).
   */
  stopped: Promise<string | null>;
  stop(): Promise<void>;
}

// Cluster-wide role, so a fixed value: stacks sharing one DATABASE_URL server must agree on it.
const AUTHENTICATOR_PASSWORD = 'stockroom-local-authenticator';

function stateFile(dataDir: string): string {
  return path.join(dataDir, 'stack.json');
}

interface StackState extends StackEnv {
  pid: number;
  postgresPid: number | null;
  postgrestPid: number | null;
}

/** The env of the stack running on this data folder, or null. */
export function readRunningStack(dataDir: string): StackState | null {
  const file = stateFile(dataDir);
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return null;
  }
}

/** What the app is given at run time: this stack's API, and the optional settings if set. */
function appEnv(env: StackEnv): Record<string, string> {
  const out: Record<string, string> = {
    VITE_SUPABASE_URL: env.API_URL,
    VITE_SUPABASE_ANON_KEY: env.ANON_KEY,
  };
  for (const name of ['VITE_PLAN_PRICES', 'VITE_SUPPORT_EMAIL']) {
    const value = process.env[name];
    if (value) out[name] = value;
  }
  return out;
}

async function wipe(opts: StackOptions): Promise<void> {
  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      await client.query(`drop schema if exists public cascade; create schema public;
        drop schema if exists auth cascade; drop schema if exists storage cascade;
        drop schema if exists supabase_migrations cascade;`);
    } finally {
      await client.end();
    }
  }
  await fs.rm(opts.dataDir, { recursive: true, force: true });
}

/** Ends processes a crashed earlier run on this data folder left behind. */
async function endLeftovers(dataDir: string): Promise<void> {
  const file = stateFile(dataDir);
  if (!existsSync(file)) return;
  const state = JSON.parse(readFileSync(file, 'utf8')) as StackState;
  try {
    process.kill(state.pid, 0);
    if (state.pid !== process.pid) {
      throw new Error(
        `A stack is already running on ${dataDir} (pid ${state.pid}). Stop it first.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  if (state.postgrestPid) await endLeftover(state.postgrestPid, 'postgrest');
  await fs.rm(file, { force: true });
}

/**
 * Starts the whole local Supabase: Postgres, migrations, PostgREST, auth, gateway, mailbox and
 * the app server. Anything started before a failure is stopped again before the error is thrown.
 */
export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const started = performance.now();
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | null = null;
  let settle: (reason: string | null) => void = () => undefined;
  const stopped = new Promise<string | null>((resolve) => (settle = resolve));
  const stopAll = (reason: string | null = null) =>
    (stopping ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
      settle(reason);
    })());
  // Whatever happens to this process, the servers it starts end with it.
  const reaper = startReaper();
  stops.push(async () => reaper.close());

  try {
    if (opts.fresh) await wipe(opts);
    await fs.mkdir(opts.dataDir, { recursive: true });
    await endLeftovers(opts.dataDir);
    await assertPortFree(opts.apiPort, 'API');
    await assertPortFree(opts.appPort, 'app');
    await assertPortFree(opts.mailboxPort, 'mailbox');

    let postgres: RunningPostgres;
    if (opts.databaseUrl) {
      postgres = await useExistingPostgres(opts.databaseUrl);
    } else {
      await assertPortFree(opts.dbPort, 'database');
      postgres = await startEmbeddedPostgres({
        dataDir: opts.dataDir,
        port: opts.dbPort,
        ephemeral: opts.ephemeral,
        log: opts.log,
        reaper,
      });
    }
    stops.push(() => postgres.stop());

    // A data folder from before the account model is carried over to today's schema first.
    await carryOverIfOld(postgres.url, {
      authenticatorPassword: AUTHENTICATOR_PASSWORD,
      migrationsDir: opts.migrationsDir,
      log: opts.log,
    });
    const { applied } = await migrate(
      postgres.url,
      AUTHENTICATOR_PASSWORD,
      opts.migrationsDir,
      opts.log,
    );

    const [anonKey, serviceRoleKey] = await Promise.all([
      signApiKey('anon', opts.jwtSecret),
      signApiKey('service_role', opts.jwtSecret),
    ]);
    const env: StackEnv = {
      API_URL: `http://127.0.0.1:${opts.apiPort}`,
      DB_URL: postgres.url,
      ANON_KEY: anonKey,
      SERVICE_ROLE_KEY: serviceRoleKey,
      JWT_SECRET: opts.jwtSecret,
      APP_URL: `http://127.0.0.1:${opts.appPort}`,
      MAILBOX_URL: `http://127.0.0.1:${opts.mailboxPort}`,
    };

    const postgrest: RunningPostgrest = await startPostgrest({
      databaseUrl: postgres.url,
      authenticatorPassword: AUTHENTICATOR_PASSWORD,
      jwtSecret: opts.jwtSecret,
      log: opts.log,
      reaper,
    });
    stops.push(() => postgrest.stop());

    const pool = new pg.Pool({ connectionString: postgres.url, max: 10 });
    // An idle connection whose server went away errors here; the pool replaces it on next use.
    pool.on('error', (error) =>
      opts.log(`[stack] a database connection was lost: ${error.message}`),
    );
    stops.push(() => pool.end());

    const mailbox = createMailbox();
    const mailServer = (await import('node:http')).createServer((req, res) =>
      mailbox.handle(req, res),
    );
    await listenLocal(mailServer, opts.mailboxPort);
    stops.push(() => closeServer(mailServer));

    const authSettings = authSettingsFromEnv(process.env);
    const auth = createAuthService({
      pool,
      jwtSecret: opts.jwtSecret,
      jwtExpiry: Number(process.env.AUTH_JWT_EXPIRY ?? 3600),
      siteUrl: env.APP_URL,
      apiExternalUrl: env.API_URL,
      mailbox,
      enableConfirmations: opts.enableConfirmations,
      ...authSettings,
      rateLimits: { ...authSettings.rateLimits, ...opts.authRateLimits },
    });
    // Objects' bytes under the data folder, their rows in the storage schema (local/storage).
    const storage = await createStorageService({
      pool,
      jwtSecret: opts.jwtSecret,
      root: path.join(opts.dataDir, 'storage'),
      fileSizeLimit: Number(process.env.STORAGE_FILE_SIZE_LIMIT || DEFAULT_FILE_SIZE_LIMIT),
    });
    const realtime = await startRealtime({
      databaseUrl: postgres.url,
      jwtSecret: opts.jwtSecret,
      log: opts.log,
    });
    stops.push(() => realtime.stop());
    const gateway = createGateway({
      jwtSecret: opts.jwtSecret,
      postgrestUrl: postgrest.url,
      auth: (req, res, p) => auth.handle(req, res, p),
      storage: (req, res, p) => storage.handle(req, res, p),
      realtime: (req, socket, head) => realtime.handleUpgrade(req, socket, head),
    });
    await listenLocal(gateway, opts.apiPort);
    stops.push(() => closeServer(gateway));

    // The functions read their configuration from the environment, as on Netlify.
    Object.assign(process.env, {
      SUPABASE_URL: env.API_URL,
      SUPABASE_ANON_KEY: env.ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: env.SERVICE_ROLE_KEY,
      // signed-out-reason checks a signed-out device's last token with it.
      SUPABASE_JWT_SECRET: env.JWT_SECRET,
      URL: env.APP_URL,
      ...opts.functionEnv,
    });
    const app = createAppServer({
      distDir: opts.distDir,
      siteUrl: () => env.APP_URL,
      appEnv: () => appEnv(env),
    });
    await listenLocal(app, opts.appPort);
    stops.push(() => closeServer(app));

    // Stripe: the sandbox answers the SDK and signs webhooks to the app, unless the environment
    // names a real Stripe key. Its address and keys reach the functions through process.env.
    let stripeUrl: string | null = null;
    const stripeSettings = stripeSandboxSettings(process.env);
    if (stripeSettings) {
      const stripe = await startStripeSandbox({
        ...stripeSettings,
        webhookUrl: `${env.APP_URL}/.netlify/functions/stripe-webhook`,
        log: opts.log,
      });
      stops.push(() => stripe.stop());
      Object.assign(process.env, stripeSettings.functionEnv(stripe.url));
      stripeUrl = stripe.url;
    }

    // eBay: the sandbox answers OAuth and the Sell/Trading API calls, unless the environment
    // names a real eBay application. The RuName sends sellers back to this app's callback route.
    let ebayUrl: string | null = null;
    const ebaySettings = ebaySandboxSettings(process.env);
    if (ebaySettings) {
      const ebay = await startEbaySandbox({
        ...ebaySettings,
        acceptUrl: () => `${env.APP_URL}/dashboard/ebay/callback`,
        declineUrl: () => `${env.APP_URL}/dashboard/ebay/callback?declined=true`,
        log: opts.log,
      });
      stops.push(() => ebay.stop());
      Object.assign(process.env, ebaySettings.functionEnv(ebay.url));
      ebayUrl = ebay.url;
    }

    const state: StackState = {
      ...env,
      pid: process.pid,
      postgresPid: postgres.pid,
      postgrestPid: postgrest.pid,
    };
    const writeState = () =>
      fs.writeFile(
        stateFile(opts.dataDir),
        JSON.stringify(
          { ...state, postgresPid: postgres.pid, postgrestPid: postgrest.pid },
          null,
          2,
        ),
      );
    await writeState();
    stops.push(() => fs.rm(stateFile(opts.dataDir), { force: true }));

    // A part that dies is started again; one that cannot be, or keeps dying, stops the stack.
    const supervise = (name: string, part: RestartablePart) => {
      const crashes: number[] = [];
      part.onCrash((how) => {
        if (stopping) return;
        const now = Date.now();
        crashes.push(now);
        while (crashes[0]! < now - 60_000) crashes.shift();
        if (crashes.length > 3) {
          void stopAll(`${name} ${how} for the 4th time in a minute; the stack has stopped.`);
          return;
        }
        opts.log(`[stack] ${name} ${how}; starting it again…`);
        part.restart().then(
          async () => {
            if (stopping) return;
            await writeState();
            opts.log(`[stack] ${name} is running again.`);
          },
          (error: unknown) => {
            void stopAll(
              `${name} ${how} and could not be started again (${(error as Error).message}); the stack has stopped.`,
            );
          },
        );
      });
    };
    supervise('Postgres', postgres);
    supervise('PostgREST', postgrest);

    return {
      env,
      mailbox,
      postgrestUrl: postgrest.url,
      applied,
      sandboxes: { stripe: stripeUrl, ebay: ebayUrl },
      startMs: performance.now() - started,
      stopped,
      stop: () => stopAll(),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
