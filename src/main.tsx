import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker, runningVersion } from './lib/app-version';
import { EnvError, getEnv } from './lib/env';
import { loadSupabase } from './lib/supabase-client';
import { preloadDashboardCode } from './pages/dashboard/screens';

/** The longest the first render waits for the device's copy of the seller's data. */
const DEVICE_COPY_WAIT_MS = 1500;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

function ConfigError({ error }: { error: EnvError }) {
  return (
    <main className="config-error card" role="alert">
      <h1>Stockroom cannot start</h1>
      <p>{error.message}</p>
      <p className="muted">Set these variables when building the app, then build it again.</p>
    </main>
  );
}

// Validate the configuration before anything creates the Supabase client, so a missing
// variable is named on screen rather than failing somewhere deep inside a request.
try {
  getEnv();
  // Loaded beside the app's code, not before it (the public pages paint without waiting for it).
  const client = import('./lib/query-client').then((module) => module.createQueryClient());
  // A signed-in address: the session client, the screen's code and its data load alongside the
  // app's code rather than one after the other (app, then session, then layout, then screen).
  const { pathname } = window.location;
  let deviceCopy: Promise<unknown> = Promise.resolve();
  if (pathname.startsWith('/dashboard')) {
    void loadSupabase().catch(() => undefined); // AuthProvider reports a failure
    preloadDashboardCode(pathname);
    deviceCopy = Promise.all([client, import('./pages/dashboard/start-early')])
      .then(([queryClient, early]) => early.prefetchForStoredSession(queryClient, pathname))
      .catch(() => undefined); // the screen asks again, and shows what failed
  }
  // The first render waits for the seller's copy on the device (offline it is the inventory),
  // but never long: a slow or broken store must not hold the app back.
  const deviceCopyOrTimeout = Promise.race([
    deviceCopy,
    new Promise((resolve) => window.setTimeout(resolve, DEVICE_COPY_WAIT_MS)),
  ]);
  const [{ App }, queryClient] = await Promise.all([import('./App'), client, deviceCopyOrTimeout]);
  root.render(
    <StrictMode>
      <App queryClient={queryClient} version={runningVersion(import.meta.url)} />
    </StrictMode>,
  );
  registerServiceWorker();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  await import('./styles.css').catch(() => undefined); // the message reads without it too
  root.render(<ConfigError error={error} />);
}
