import { chromium, type Browser } from '@playwright/test';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../local/build.ts';
import { ROOT_DIR } from '../../local/config.ts';
import type { RunningStack } from '../../local/stack.ts';
import { startTestStack } from '../../local/test-stack.ts';
import { chromiumPath } from '../helpers/chromium.ts';

// Two stacks from one checkout on different ports serve the same build; each app must talk to its
// own API (the build used to carry one stack's API port, and the other stack's app used it silently).

const DIST_DIR = path.join(ROOT_DIR, 'dist');
const PASSWORD = 'two-stacks-password';

async function createConfirmedUser(stack: RunningStack, email: string): Promise<void> {
  const key = stack.env.SERVICE_ROLE_KEY;
  const res = await fetch(`${stack.env.API_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('two stacks from one checkout', () => {
  const stacks: RunningStack[] = [];
  let browser: Browser;

  beforeAll(async () => {
    await ensureBuilt({ distDir: DIST_DIR, log: () => undefined });
    stacks.push(
      await startTestStack({ distDir: DIST_DIR }),
      await startTestStack({ distDir: DIST_DIR }),
    );
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(stacks.map((stack) => stack.stop()));
  });

  /** Signs in on `stack`'s app; returns whether it worked and every API address the page asked. */
  async function signIn(
    stack: RunningStack,
    email: string,
  ): Promise<{ signedIn: boolean; apiRequests: string[] }> {
    const context = await browser.newContext({ baseURL: stack.env.APP_URL });
    const page = await context.newPage();
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/(auth|rest)\/v1\//.test(request.url())) apiRequests.push(request.url());
    });
    try {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      const outcome = await Promise.race([
        page.waitForURL(/\/dashboard\/inventory$/, { timeout: 30_000 }).then(() => true),
        page
          .getByTestId('auth-error')
          .waitFor({ timeout: 30_000 })
          .then(() => false),
      ]);
      return { signedIn: outcome, apiRequests };
    } finally {
      await context.close();
    }
  }

  it('each app signs in against its own API', async () => {
    const [first, second] = stacks as [RunningStack, RunningStack];
    expect(first.env.API_URL).not.toBe(second.env.API_URL);
    const firstUser = `first-${crypto.randomUUID().slice(0, 8)}@stockroom.test`;
    const secondUser = `second-${crypto.randomUUID().slice(0, 8)}@stockroom.test`;
    await createConfirmedUser(first, firstUser);
    await createConfirmedUser(second, secondUser);

    for (const [stack, own, other] of [
      [first, firstUser, secondUser],
      [second, secondUser, firstUser],
    ] as const) {
      const mine = await signIn(stack, own);
      expect(mine.signedIn).toBe(true);
      expect(mine.apiRequests.length).toBeGreaterThan(0);
      expect(mine.apiRequests.filter((url) => !url.startsWith(`${stack.env.API_URL}/`))).toEqual(
        [],
      );

      // The other stack's account does not exist here: no cross-talk.
      const theirs = await signIn(stack, other);
      expect(theirs.signedIn).toBe(false);
      expect(theirs.apiRequests.filter((url) => !url.startsWith(`${stack.env.API_URL}/`))).toEqual(
        [],
      );
    }
  }, 180_000);
});
