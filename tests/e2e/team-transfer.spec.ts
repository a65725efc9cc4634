import { expect, test } from './fixtures';
import { createSeller, db, joinAccount, seedShelf, setPlan } from './seed';

/**
 * Transfer ownership (issue #36), on the desktop: the owner hands the account to their manager
 * from the Team screen; the former owner, now a manager, cannot see billing; the former owner's
 * user is then deleted and the stockroom, its new owner and its items remain, while the new
 * owner's own account is untouched throughout. The former owner's switcher tells their new
 * personal account and the one they handed over apart.
 */
test('an owner hands the account to a manager, whose stockroom outlives the old owner', async ({
  page,
  admin,
  seller,
  dashboard,
}) => {
  test.setTimeout(90_000);
  await setPlan(seller.accountId, 'power');
  await seedShelf(seller.accountId, [{ name: 'Teapot' }, { name: 'Kettle' }]);
  const heir = await createSeller({ tag: 'heir' });
  await joinAccount(seller, heir, 'manager');
  // The heir's own stockroom: a second account nothing here may touch.
  await seedShelf(heir.accountId, [{ name: 'Rake' }]);
  const itemsOf = async (accountId: string) =>
    (
      await db().query<{ item_name: string }>(
        'select item_name from public.storage_items where account_id = $1 order by item_name',
        [accountId],
      )
    ).rows.map((row) => row.item_name);

  await dashboard.goto('team');
  await expect(dashboard.heading('Team')).toBeVisible();
  // An owner's header names no role; a member's does.
  await expect(page.getByTestId('account-role')).toHaveCount(0);
  const heirRow = page.getByTestId('team-member').filter({ hasText: heir.email });
  await dashboard.press(heirRow.getByRole('button', { name: `Make ${heir.email} the owner` }));
  const dialog = page.getByRole('alertdialog', { name: `Make ${heir.email} the owner?` });
  await dashboard.press(dialog.getByRole('button', { name: 'Transfer ownership' }));
  await expect(dashboard.toast.filter({ hasText: `${heir.email} is now the owner` })).toBeVisible();

  // The roles change on the screen: the heir owns the account, the seller manages in it.
  await expect(heirRow.locator('.badge')).toHaveText('Owner');
  const youRow = page.getByTestId('team-member').filter({ hasText: '(you)' });
  await expect(youRow.locator('.badge')).toHaveText('Manager');
  await expect(page.getByTestId('account-role')).toHaveText('Manager');
  await expect(page.getByRole('button', { name: /^Make .* the owner$/ })).toHaveCount(0);

  // As a manager the former owner no longer sees billing.
  await dashboard.goto('billing');
  await expect(page.getByText('Only the account owner can see billing.')).toBeVisible();
  // They got a new personal account of the same name: the switcher tells the two apart.
  await expect(page.getByTestId('account-switcher').locator('option')).toHaveText([
    `${seller.email} (Owner)`,
    `${seller.email} (Manager)`,
  ]);

  // The database agrees, and logged who handed it to whom.
  const account = await db().query<{ primary_owner_user_id: string; personal_account: boolean }>(
    'select primary_owner_user_id, personal_account from public.accounts where id = $1',
    [seller.accountId],
  );
  expect(account.rows).toEqual([{ primary_owner_user_id: heir.id, personal_account: false }]);
  const logged = await db().query<{ details: string }>(
    `select details from public.storage_logs where account_id = $1 and action = 'transfer_ownership'`,
    [seller.accountId],
  );
  expect(logged.rows).toEqual([
    { details: `Transferred ownership from ${seller.email} to ${heir.email}` },
  ]);

  // The former owner's user is deleted: the stockroom, its owner and its items remain.
  const deleted = await admin.auth.admin.deleteUser(seller.id);
  expect(deleted.error).toBeNull();
  const members = await db().query<{ user_id: string; role: string }>(
    'select user_id, role from public.account_members where account_id = $1',
    [seller.accountId],
  );
  expect(members.rows).toEqual([{ user_id: heir.id, role: 'owner' }]);
  expect(await itemsOf(seller.accountId)).toEqual(['Kettle', 'Teapot']);
  expect(await itemsOf(heir.accountId)).toEqual(['Rake']);
});
