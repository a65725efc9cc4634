// Readable names for the log's actions. Pure, so the screen and tests share them.

import { fixPlurals } from '../../domain/plural';
import { formatDateTime, type DateFormat } from '../../lib/format';

/** The item actions the database logs, bulk ones included (docs/product.md#activity-log). */
export const ITEM_ACTIONS = [
  'add_item',
  'move_item',
  'remove_item',
  'update_item',
  'import_items',
] as const;

/** The storage actions the database logs (docs/product.md#activity-log). */
export const STORAGE_ACTIONS = [
  'add_room',
  'update_room',
  'remove_room',
  'add_isle',
  'update_isle',
  'remove_isle',
  'add_unit',
  'update_unit',
  'remove_unit',
  'add_shelf',
  'remove_shelf',
] as const;

/** What the database logs for the team (issue #27), and the account handed over (issue #36). */
export const TEAM_ACTIONS = [
  'invite_member',
  'withdraw_invitation',
  'change_member_role',
  'remove_member',
  'leave_account',
  'transfer_ownership',
] as const;

export const LOG_ACTIONS = [...ITEM_ACTIONS, ...STORAGE_ACTIONS, ...TEAM_ACTIONS] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

// One wording for every line: the thing, then what happened to it.
const LABELS: ReadonlyMap<string, string> = new Map<LogAction | 'undo', string>([
  ['add_item', 'Item added'],
  ['move_item', 'Item moved'],
  ['remove_item', 'Item removed'],
  ['update_item', 'Item updated'],
  ['import_items', 'Items imported'],
  ['add_room', 'Room added'],
  ['update_room', 'Room renamed'],
  ['remove_room', 'Room removed'],
  ['add_isle', 'Isle added'],
  ['update_isle', 'Isle updated'],
  ['remove_isle', 'Isle removed'],
  ['add_unit', 'Unit added'],
  ['update_unit', 'Unit updated'],
  ['remove_unit', 'Unit removed'],
  ['add_shelf', 'Shelf added'],
  ['remove_shelf', 'Shelf removed'],
  ['invite_member', 'Member invited'],
  ['withdraw_invitation', 'Invitation withdrawn'],
  ['change_member_role', 'Role changed'],
  ['remove_member', 'Member removed'],
  ['leave_account', 'Member left'],
  ['transfer_ownership', 'Ownership transferred'],
  ['undo', 'Undone'],
]);

/** 'Item moved' for move_item; an action we don't know yet reads as its words ('Add room'). */
export function actionLabel(action: string): string {
  const known = LABELS.get(action);
  if (known !== undefined) return known;
  const words = action.replaceAll('_', ' ').trim();
  return words === '' ? 'Activity' : words.charAt(0).toUpperCase() + words.slice(1);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Details as a seller reads them. The database writes sentences ('Moved 2 item(s) to Garage /
 * Isle 1 / Unit A / Shelf 2: Mug, Jug'), shown in the right number ('Moved 2 items'); a line written as JSON by an older or future client is
 * turned into 'key: value' pairs rather than shown as braces and quotes.
 */
export function readableDetails(details: string | null | undefined): string {
  const text = (details ?? '').trim();
  if (text === '') return '—';
  if (!text.startsWith('{')) return fixPlurals(text);
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return text;
    const pairs = Object.entries(parsed).map(
      ([key, value]) => `${key.replaceAll('_', ' ')}: ${cellText(value)}`,
    );
    return pairs.length === 0 ? '—' : pairs.join(', ');
  } catch {
    return text;
  }
}

/** A log time in the seller's date format with the time: '11/22/2026 1:05 PM' (US), '22/11/2026 13:05' (UK). */
export function formatLogTime(timestamp: string, dateFormat: DateFormat = 'US'): string {
  return formatDateTime(timestamp, dateFormat) || timestamp;
}

/**
 * Who made a logged change, as the Who column shows it: "You" for the signed-in user, otherwise
 * the address the database recorded (the actor's); '—' when none was recorded.
 */
export function logActor(
  entry: { user_id: string | null; user_email: string | null },
  signedInUserId: string | undefined,
): string {
  if (signedInUserId && entry.user_id === signedInUserId) return 'You';
  const email = (entry.user_email ?? '').trim();
  return email === '' ? '—' : email;
}
