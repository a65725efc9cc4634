/** The stack the global setup started (playwright.config.ts, tests/e2e/global-setup.ts). */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with \`npx playwright test\``);
  return value;
}

export const e2eEnv = {
  get appUrl() {
    return required('STOCKROOM_E2E_APP_URL');
  },
  get apiUrl() {
    return required('STOCKROOM_E2E_API_URL');
  },
  get anonKey() {
    return required('STOCKROOM_E2E_ANON_KEY');
  },
  get serviceRoleKey() {
    return required('STOCKROOM_E2E_SERVICE_ROLE_KEY');
  },
  get dbUrl() {
    return required('STOCKROOM_E2E_DB_URL');
  },
  get mailboxUrl() {
    return required('STOCKROOM_E2E_MAILBOX_URL');
  },
};
