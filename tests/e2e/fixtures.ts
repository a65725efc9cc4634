import { test as base, expect, type ConsoleMessage } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { e2eEnv } from './env';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';

export interface SellerAccount {
  id: string;
  email: string;
  password: string;
  /** The part of the e-mail before the @, as the app shows it. */
  name: string;
}

interface Fixtures {
  /** supabase-js with the service role key: for arranging data only the server may write. */
  admin: SupabaseClient;
  /** A fresh, confirmed account that has not signed in yet. */
  sellerAccount: SellerAccount;
  /** The same account, signed in through the sign-in form and looking at the dashboard. */
  seller: SellerAccount;
  loginPage: LoginPage;
  dashboard: DashboardPage;
  /** Console errors and uncaught exceptions of the page during the test. */
  consoleErrors: string[];
}

let counter = 0;

/** An address no other test (or earlier run against the same stack) has used. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}-${random}@example.com`;
}

export const PASSWORD = 'Shelf-Life-2026!';

export const test = base.extend<Fixtures>({
  admin: async ({}, use) => {
    const client = createClient(e2eEnv.apiUrl, e2eEnv.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Node 20 has no global WebSocket; supabase-js builds a realtime client eagerly.
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    await use(client);
  },

  sellerAccount: async ({ admin }, use, testInfo) => {
    const email = uniqueEmail(testInfo.project.name);
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    if (error) throw error;
    const name = email.slice(0, email.indexOf('@'));
    await use({ id: data.user.id, email, password: PASSWORD, name });
    await admin.auth.admin.deleteUser(data.user.id);
  },

  seller: async ({ sellerAccount, loginPage, dashboard }, use) => {
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await use(sellerAccount);
  },

  loginPage: async ({ page }, use, testInfo) => {
    await use(new LoginPage(page, Boolean(testInfo.project.use.hasTouch)));
  },

  dashboard: async ({ page }, use, testInfo) => {
    await use(new DashboardPage(page, Boolean(testInfo.project.use.hasTouch)));
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

export { expect };
