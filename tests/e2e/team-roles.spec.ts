import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { e2eEnv } from './env';
import { test as base, expect, PASSWORD, uniqueEmail } from './fixtures';
import { InventoryPage, seedStorage, setPlan } from './pages/inventory-page';

/**
 * Team (issue #27): the app acts on the member's current account with their role. A picker of
 * an owner's Power account sees the owner's stockroom, its name and plan, not their own empty
 * one; what a picker cannot do is not offered; a user with two accounts switches between them.
 */
interface Person {
  id: string;
  email: string;
  client: SupabaseClient;
}

const test = base.extend<{ inventory: InventoryPage; people: Person[] }>({
  inventory: async ({ page }, use, testInfo) => {
    await use(new InventoryPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
  // The users a test makes, deleted afterwards.
  people: async ({ admin }, use) => {
    const people: Person[] = [];
    await use(people);
    for (const person of people) await admin.auth.admin.deleteUser(person.id);
  },
});

/** A confirmed user, signed in with supabase-js (as the browser would be). */
async function person(admin: SupabaseClient, people: Person[], tag: string): Promise<Person> {
  const email = uniqueEmail(tag);
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (error) throw error;
  const client = createClient(e2eEnv.apiUrl, e2eEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  const made = { id: data.user.id, email, client };
  people.push(made);
  return made;
}

/** The owner invites `member` as a picker; the member accepts with their own token. */
async function joinAsPicker(owner: Person, member: Person): Promise<void> {
  const invited = await owner.client.rpc('invite_member', {
    p_email: member.email,
    p_role: 'picker',
  });
  if (invited.error) throw new Error(`invite_member: ${invited.error.message}`);
  const accepted = await member.client.rpc('accept_invitation', {
    p_invitation_id: (invited.data as { id: string }).id,
  });
  if (accepted.error) throw new Error(`accept_invitation: ${accepted.error.message}`);
}

/** An owner on Power with a stockroom (Garage, one isle, a bay with Lamp), and their picker. */
async function ownerWithPicker(admin: SupabaseClient, people: Person[], tag: string) {
  const owner = await person(admin, people, `${tag}-owner`);
  const picker = await person(admin, people, `${tag}-picker`);
  await setPlan(admin, owner.id, 'power');
  await seedStorage(admin, owner.id, [
    {
      name: 'Garage',
      isles: [{ index: 1, units: [{ type: 'bay', shelves: [[{ name: 'Lamp' }]] }] }],
    },
  ]);
  await joinAsPicker(owner, picker);
  return { owner, picker };
}

test.describe('team roles', () => {
  test.setTimeout(90_000);

  test("a picker works in the owner's stockroom and is not offered what a picker cannot do", async ({
    page,
    admin,
    people,
    loginPage,
    dashboard,
    inventory,
  }) => {
    const { owner, picker } = await ownerWithPicker(admin, people, 'roles');

    await loginPage.goto();
    await loginPage.signIn(picker.email, PASSWORD);
    await dashboard.expectLoaded();
    await inventory.goto();

    // The owner's stockroom, its name and its plan; the picker's role.
    await expect(page.getByTestId('account-name')).toHaveText(owner.email);
    await expect(page.getByTestId('account-role')).toHaveText('Picker');
    await expect(page.getByTestId('current-plan')).toHaveText('Power Seller plan');
    await expect(inventory.roomTab('Garage')).toBeVisible();
    await expect(page.getByTestId('item-name').filter({ hasText: 'Lamp' })).toBeVisible();

    // Nothing that builds or removes storage; no item delete; no import, export or eBay.
    await expect(page.getByTestId('unit')).toHaveCount(1);
    await expect(page.getByTestId('unit-menu')).toHaveCount(0);
    await expect(page.getByTestId('add-room')).toHaveCount(0);
    await expect(page.getByTestId('add-isle')).toHaveCount(0);
    await expect(page.getByTestId('remove-room')).toHaveCount(0);
    for (const hidden of ['nav-import', 'nav-export', 'nav-integrations'])
      await expect(page.getByTestId(hidden)).toHaveCount(0);
    await expect(page.getByTestId('nav-inventory')).toHaveCount(1);

    // Billing typed by hand: one plain sentence instead of the screen.
    await dashboard.goto('billing');
    await expect(page.getByText('Only the account owner can see billing.')).toBeVisible();

    // Settings: read-only, said once; no Subscription or Backups tab.
    await dashboard.goto('settings');
    await expect(page.getByTestId('settings-read-only')).toHaveText(
      'Only the owner or a manager can change settings.',
    );
    await expect(page.getByTestId('settings-tab-subscription')).toHaveCount(0);
    await expect(page.getByTestId('settings-tab-backups')).toHaveCount(0);
  });

  test('a user with two accounts switches with the switcher and sees the other stockroom', async ({
    page,
    admin,
    people,
    loginPage,
    dashboard,
    inventory,
  }) => {
    const { owner, picker } = await ownerWithPicker(admin, people, 'switch');

    await loginPage.goto();
    await loginPage.signIn(picker.email, PASSWORD);
    await dashboard.expectLoaded();
    await inventory.goto();
    await expect(inventory.roomTab('Garage')).toBeVisible();

    // Their own account (empty) and the owner's: the switcher lists both by name.
    const switcher = page.getByLabel('Account', { exact: true });
    await expect(switcher).toHaveAttribute('data-testid', 'account-switcher');
    await expect(switcher).toHaveValue(owner.id);
    await switcher.selectOption(picker.id);

    await expect(page).toHaveURL(/\/dashboard\/inventory$/);
    await expect(page.getByTestId('no-rooms')).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveCount(0);
    await expect(page.getByTestId('current-plan')).toHaveText('Free plan');
    await expect(page.getByTestId('add-room')).toBeVisible();

    // And back: the owner's stockroom again.
    await page.getByTestId('account-switcher').selectOption(owner.id);
    await expect(inventory.roomTab('Garage')).toBeVisible();
    await expect(page.getByTestId('account-role')).toHaveText('Picker');
  });
});
