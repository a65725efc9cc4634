import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { e2eEnv } from './env';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import {
  createEliteSeller,
  createSeller,
  placeSession,
  signInFromNode,
  type SellerAccount,
} from './seed';

export { PASSWORD, uniqueEmail, type SellerAccount } from './seed';

interface Fixtures {
  /** supabase-js with the service role key: for arranging data only the server may write. */
  admin: SupabaseClient;
  /** A fresh, confirmed seller on the free plan who has not signed in yet. */
  sellerAccount: SellerAccount;
  /**
   * The same seller, signed in: the session is made from Node and is in the browser's storage
   * before the app's first script runs. The page has not loaded anything yet.
   */
  seller: SellerAccount;
  /** Whether this project drives the screen by touch (the tablet project). */
  touch: boolean;
  loginPage: LoginPage;
  dashboard: DashboardPage;
  /** Console errors and uncaught exceptions of the page during the test. */
  consoleErrors: string[];
}

interface WorkerFixtures {
  /**
   * An Elite seller at the plan's limits (10 rooms, 100 units, 5000 items), seeded once per
   * worker and shared: only tests that read their stockroom and change nothing may use it.
   */
  eliteSeller: SellerAccount;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  admin: async ({}, use) => {
    const client = createClient(e2eEnv.apiUrl, e2eEnv.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Node 20 has no global WebSocket; supabase-js builds a realtime client eagerly.
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    await use(client);
  },

  sellerAccount: async ({}, use, testInfo) => {
    await use(await createSeller({ tag: testInfo.project.name }));
  },

  seller: async ({ sellerAccount, context }, use) => {
    await placeSession(context, await signInFromNode(sellerAccount.email, sellerAccount.password));
    await use(sellerAccount);
  },

  eliteSeller: [
    async ({}, use) => {
      await use(await createEliteSeller());
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  touch: async ({}, use, testInfo) => {
    await use(Boolean(testInfo.project.use.hasTouch));
  },

  loginPage: async ({ page, touch }, use) => {
    await use(new LoginPage(page, touch));
  },

  dashboard: async ({ page, touch }, use) => {
    await use(new DashboardPage(page, touch));
  },

  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    await use(errors);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  },
});

/**
 * Signs a seller into another browser context (a second device) the way the `seller` fixture
 * does: a session made from Node, in the context's storage before the app loads.
 */
export async function signInContext(
  context: import('@playwright/test').BrowserContext,
  account: Pick<SellerAccount, 'email' | 'password'>,
): Promise<void> {
  await placeSession(context, await signInFromNode(account.email, account.password));
}

export { expect };
