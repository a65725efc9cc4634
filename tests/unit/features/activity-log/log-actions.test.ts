import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  formatLogTime,
  LOG_ACTIONS,
  readableDetails,
} from '../../../../src/features/activity-log/log-actions';

describe('actionLabel', () => {
  it('names every action of SPEC 3 in words', () => {
    expect(LOG_ACTIONS.map(actionLabel)).toEqual([
      'Item added',
      'Item moved',
      'Item removed',
      'Item updated',
      'Unit removed',
      'Shelf added',
      'Shelf removed',
      'Room removed',
      'Isle removed',
      'Room renamed',
      'Items imported',
    ]);
  });

  it('reads an action it does not know as words, never as snake_case', () => {
    expect(actionLabel('add_room')).toBe('Add room');
    expect(actionLabel('restore_backup')).toBe('Restore backup');
    expect(actionLabel('')).toBe('Activity');
  });
});

describe('readableDetails', () => {
  it('shows the sentences the database writes as they are', () => {
    expect(readableDetails('Moved 2 item(s) to Garage / Isle 1 / Unit A / Shelf 2: Mug, Jug')).toBe(
      'Moved 2 item(s) to Garage / Isle 1 / Unit A / Shelf 2: Mug, Jug',
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
  it('writes the month in words so the date reads the same in any locale', () => {
    expect(formatLogTime('2026-11-22T13:05:00')).toBe('Nov 22, 2026, 1:05 PM');
  });

  it('shows a timestamp it cannot read as it is', () => {
    expect(formatLogTime('yesterday')).toBe('yesterday');
  });
});
