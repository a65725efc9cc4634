// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { messages, texts } from '../../../src/lib/messages';

describe('messages catalogue', () => {
  it('has every key the product rules name', () => {
    const keys = [
      'planLimitItems',
      'planLimitUnits',
      'planLimitRooms',
      'itemAdded',
      'itemAdd',
      'roomAdd',
      'isleIndexInUse',
      'isleIndexUpdated',
      'isleUpdate',
      'itemMoved',
      'itemMove',
      'ebayItemAdded',
      'ebayItemAdd',
      'ebayRateLimit',
      'ordersLoaded',
      'preferencesLoad',
      'preferencesSaved',
      'preferencesSave',
      'subscriptionUpdated',
      'subscriptionError',
    ];
    for (const key of keys) expect(messages).toHaveProperty(key);
  });

  it('words the plan limits as the spec does, with the limit and plan filled in', () => {
    expect(messages.planLimitItems(100, 'Free')).toEqual({
      kind: 'error',
      title: 'Plan Limit Reached',
      message: 'Your Free plan only allows 100 items. Visit the pricing page to upgrade your plan',
    });
    expect(messages.planLimitUnits(3, 'Free').message).toBe(
      'You can only add up to 3 units in your current plan',
    );
    expect(messages.planLimitRooms(2, 'Growing Seller').message).toBe(
      'Your Growing Seller plan is limited to 2 rooms. Please upgrade to add more',
    );
    expect(messages.planLimitRooms(1, 'Free').message).toBe(
      'Your Free plan is limited to 1 room. Please upgrade to add more',
    );
    expect(messages.planLimitStorageUnits(20, 'Growing Seller').message).toBe(
      'Your Growing Seller plan is limited to 20 storage units. Please upgrade to add more',
    );
    expect(messages.importExceedsLimit(30, 'Free', 100).message).toBe(
      'Adding 30 items would exceed your Free plan limit of 100 items',
    );
  });

  it('fills the rate-limit message with minutes and what was fetched', () => {
    expect(messages.ebayRateLimit(2, 'orders')).toEqual({
      kind: 'error',
      title: 'Rate Limit Reached',
      message: 'Please wait 2 minutes before fetching orders again. Using cached data',
    });
    expect(messages.ebayRateLimit(1, 'inventory').message).toBe(
      'Please wait 1 minute before fetching inventory again. Using cached data',
    );
    expect(messages.ebayRateLimit(5, 'listings').message).toContain('fetching listings again');
  });

  it('uses the exact titles and messages the spec lists', () => {
    expect(messages.isleIndexInUse(3)).toMatchObject({
      title: 'Isle Number In Use',
      message: 'Isle number 3 is already in use in this room',
    });
    expect(messages.roomRequired()).toMatchObject({
      title: 'Room Required',
      message: 'Please select a room first',
    });
    expect(messages.duplicateItem()).toMatchObject({
      title: 'Duplicate Item',
      message: 'This item has already been scanned',
    });
    expect(messages.unitAdd()).toMatchObject({
      title: 'Error',
      message: 'Failed to add storage unit',
    });
    expect(messages.subscriptionError()).toMatchObject({
      title: 'Subscription Error',
      message: 'Failed to start subscription',
    });
    expect(messages.updateError().message).toBe('Failed to process subscription updates');
    expect(messages.restoreFailed().message).toBe('Failed to restore backup');
    expect(messages.restoreFailed('Backup is too old').message).toBe('Backup is too old');
    expect(messages.cleanupFailed()).toMatchObject({
      title: 'Cleanup Failed',
      message: 'Failed to cleanup list',
    });
    expect(messages.logoutFailed().title).toBe('Logout Failed');
    expect(messages.ebayCallback().message).toBe('Invalid callback parameters');
    expect(messages.ordersFetch().message).toBe('Failed to fetch orders');
    expect(messages.ebayConnect().message).toBe('Failed to connect');
    expect(messages.layoutSave()).toMatchObject({ title: 'Save Failed' });
    expect(messages.layoutSave().message).toMatch(/please try again/);
    expect(texts.confirmMoveQuestion).toBe(
      'Are you sure you want to move this item to this location?',
    );
    expect(texts.processing).toBe('Processing...');
  });

  it('marks the success titles of the spec as successes', () => {
    const successes = [
      messages.loggedIn('sam'),
      messages.roomAdded(),
      messages.itemAdded(),
      messages.preferencesSaved(),
      messages.importComplete(3),
      messages.layoutSaved(),
      messages.ordersLoaded(4),
      messages.backupRestored(),
      messages.subscriptionUpdated('Power Seller'),
    ];
    expect(successes.map((m) => m.title)).toEqual([
      'Logged In',
      'Room Added',
      'Item Added',
      'Settings Saved',
      'Import Complete',
      'Layout Saved',
      'Orders Loaded',
      'Backup Restored',
      'Plan Changed',
    ]);
    for (const m of successes) expect(m.kind).toBe('success');
  });

  it('counts correctly in singular and plural', () => {
    expect(messages.expiryMany(3).message).toBe('3 items need attention');
    expect(messages.importComplete(1).message).toBe('1 item was imported');
    expect(messages.ordersLoaded(1).message).toBe('1 order loaded');
  });

  it('prefers the server detail over its default sentence, ignoring blanks', () => {
    expect(messages.itemAdd('Invalid location for item').message).toBe('Invalid location for item');
    expect(messages.itemAdd('   ').message).toBe('The item could not be added. Please try again');
  });

  it('says how many of a backup’s photos a restore could not bring back, only when some', () => {
    expect(messages.backupRestored(0).message).toBe('Your data was restored from the backup');
    expect(messages.backupRestored(2).message).toBe(
      'Your data was restored from the backup. 2 photos could not come back (removed since the backup)',
    );
    expect(messages.oneRestored('"Mug"', 'Garage › Isle 1', 1, 'item', 1).message).toBe(
      '"Mug" is back at Garage › Isle 1. 1 photo could not come back (removed since the backup)',
    );
  });

  it('has a generic error toast', () => {
    expect(messages.genericError('boom')).toEqual({
      kind: 'error',
      title: 'Error',
      message: 'boom',
    });
    expect(messages.genericError()).toEqual({
      kind: 'error',
      title: 'Error',
      message: 'An unexpected error occurred',
    });
  });
});
