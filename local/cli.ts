import path from 'node:path';
import { BuildError, ensureBuilt } from './build.ts';
import { optionsFromEnv, ROOT_DIR } from './config.ts';
import { seedDemoAccount, DEMO_ACCOUNT } from './demo.ts';
import { watchLaunchers } from './processes.ts';
import { readRunningStack, startStack, type RunningStack } from './stack.ts';

const [command = 'start', ...args] = process.argv.slice(2);

/**
 * Stops the stack, then this process, on a signal to it, when a process that launched it (npm,
 * its shell, tsx) goes away, or when the stack stopped itself because a part could not be
 * brought back: never a half-running stack, never servers left holding the ports.
 */
function stopWhenAsked(
  stack: RunningStack,
  stopOthers: () => Promise<void> = async () => undefined,
): void {
  let stopping = false;
  const stopAndExit = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}: stopping the stack…`);
    Promise.all([stopOthers(), stack.stop()])
      .then(() => process.exit(code))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => stopAndExit(signal, 0));
  }
  watchLaunchers((what) => stopAndExit(`${what} has gone away`, 1));
  void stack.stopped.then((reason) => {
    if (!reason || stopping) return;
    stopping = true;
    console.error(`\n${reason}`);
    void stopOthers().finally(() => process.exit(1));
  });
}

function printReady(stack: RunningStack, appUrl: string): void {
  const { env } = stack;
  console.log(`
Stockroom is running (stack ready in ${(stack.startMs / 1000).toFixed(2)} s${
    stack.applied.length ? `, ${stack.applied.length} migrations applied` : ''
  }).

  App           ${appUrl}
  API           ${env.API_URL}  (/rest/v1, /auth/v1, /storage/v1, /realtime/v1)
  Database      ${env.DB_URL}
  Mailbox       ${env.MAILBOX_URL}/messages
  Anon key      ${env.ANON_KEY}

  Sign in with  ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}

Ctrl-C stops everything.`);
}

async function start(dev: boolean): Promise<void> {
  const fresh = args.includes('--fresh');
  const options = optionsFromEnv({ fresh, distDir: dev ? null : path.join(ROOT_DIR, 'dist') });
  if (!dev && options.distDir) {
    // In a child process that exits: the stack's own process stays small (local/build.ts).
    await ensureBuilt({ distDir: options.distDir, log: console.log }).catch((error: unknown) => {
      // Its output, the error among it, has just streamed past: say what it means for us.
      if (!(error instanceof BuildError)) throw error;
      throw new Error(`${error.summary}; its error is above. The stack was not started.`);
    });
  }
  const stack = await startStack(options);
  let vite: { close(): Promise<void> } | null = null;
  stopWhenAsked(stack, async () => {
    await vite?.close();
  });
  await seedDemoAccount(stack.env);

  let appUrl = stack.env.APP_URL;
  if (dev) {
    const { createServer } = await import('vite');
    Object.assign(process.env, {
      VITE_SUPABASE_URL: stack.env.API_URL,
      VITE_SUPABASE_ANON_KEY: stack.env.ANON_KEY,
    });
    const server = await createServer({
      root: ROOT_DIR,
      configFile: path.join(ROOT_DIR, 'vite.config.ts'),
      server: { host: '127.0.0.1', proxy: { '/.netlify/functions': stack.env.APP_URL } },
    });
    vite = server;
    await server.listen();
    appUrl = server.resolvedUrls?.local[0] ?? appUrl;
    // The seller is on Vite's origin: one of the site's own, where Stripe may send them back.
    process.env.DEPLOY_PRIME_URL = appUrl;
  }
  printReady(stack, appUrl);
}

function status(): void {
  const { dataDir } = optionsFromEnv();
  const state = readRunningStack(dataDir);
  if (!state) {
    console.error(`No stack is running on ${dataDir}. Start one with \`npm start\`.`);
    process.exit(1);
  }
  for (const key of [
    'API_URL',
    'DB_URL',
    'ANON_KEY',
    'SERVICE_ROLE_KEY',
    'JWT_SECRET',
    'APP_URL',
    'MAILBOX_URL',
  ] as const) {
    console.log(`${key}=${state[key]}`);
  }
}

try {
  if (command === 'start') await start(false);
  else if (command === 'dev') await start(true);
  else if (command === 'status') status();
  else {
    console.error(`Unknown command '${command}'. Use start, dev or status.`);
    process.exit(2);
  }
} catch (error) {
  console.error(`\nCould not start Stockroom: ${(error as Error).message}`);
  process.exit(1);
}
