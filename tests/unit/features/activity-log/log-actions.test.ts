// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  formatLogTime,
  logActor,
  LOG_ACTIONS,
  readableDetails,
} from '../../../../src/features/activity-log/log-actions';

describe('actionLabel', () => {
  it('names every action the database logs in one wording: the thing, then what happened', () => {
    expect(LOG_ACTIONS.map(actionLabel)).toEqual([
      'Item added',
      'Item moved',
      'Item removed',
      'Item updated',
      'Items imported',
      'Room added',
      'Room renamed',
      'Room removed',
      'Isle added',
      'Isle updated',
      'Isle removed',
      'Unit added',
      'Unit updated',
      'Unit removed',
      'Shelf added',
      'Shelf removed',
      'Member invited',
      'Invitation withdrawn',
      'Role changed',
      'Member removed',
      'Member left',
      'Ownership transferred',
    ]);
  });

  it('reads an action it does not know as words, never as snake_case', () => {
    expect(actionLabel('restore_backup')).toBe('Restore backup');
    expect(actionLabel('')).toBe('Activity');
  });
});

describe('readableDetails', () => {
  it('shows the sentences the database writes as they are', () => {
    expect(readableDetails('Moved 2 item(s) to Garage / Isle 1 / Unit A / Shelf 2: Mug, Jug')).toBe(
      'Moved 2 items to Garage / Isle 1 / Unit A / Shelf 2: Mug, Jug',
    );
  });

  it('turns a JSON object into key: value pairs', () => {
    expect(readableDetails('{"item_name":"Mug","quantity":2,"from":{"shelf":1}}')).toBe(
      'item name: Mug, quantity: 2, from: {"shelf":1}',
    );
  });

  it('keeps text that only looks like JSON, and marks empty details', () => {
    expect(readableDetails('{not json')).toBe('{not json');
    expect(readableDetails(null)).toBe('—');
    expect(readableDetails('  ')).toBe('—');
    expect(readableDetails('{}')).toBe('—');
  });
});

describe('formatLogTime', () => {
  it("writes the date in the seller's chosen format, with the time", () => {
    expect(formatLogTime('2026-11-22T13:05:00')).toBe('11/22/2026 1:05 PM');
    expect(formatLogTime('2026-11-22T13:05:00', 'UK')).toBe('22/11/2026 13:05');
    expect(formatLogTime('2026-11-22T13:05:00', 'ISO')).toBe('2026-11-22 13:05');
  });

  it('shows a timestamp it cannot read as it is', () => {
    expect(formatLogTime('yesterday')).toBe('yesterday');
  });
});

describe('logActor', () => {
  it('says "You" for the signed-in user and the address for anyone else', () => {
    expect(logActor({ user_id: 'me', user_email: 'owner@example.com' }, 'me')).toBe('You');
    expect(logActor({ user_id: 'them', user_email: 'picker@example.com' }, 'me')).toBe(
      'picker@example.com',
    );
  });

  it('shows the recorded address when the actor is gone, and a dash when none was recorded', () => {
    expect(logActor({ user_id: null, user_email: 'left@example.com' }, 'me')).toBe(
      'left@example.com',
    );
    expect(logActor({ user_id: null, user_email: null }, 'me')).toBe('—');
    expect(logActor({ user_id: null, user_email: null }, undefined)).toBe('—');
  });
});
