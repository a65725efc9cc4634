// Readable names for the log's actions (SPEC 3). Pure, so the screen and tests share them.

export const LOG_ACTIONS = [
  'add_item',
  'move_item',
  'remove_item',
  'update_item',
  'remove_unit',
  'add_shelf',
  'remove_shelf',
  'remove_room',
  'remove_isle',
  'update_room',
  'import_items',
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];

const LABELS: ReadonlyMap<string, string> = new Map<LogAction, string>([
  ['add_item', 'Item added'],
  ['move_item', 'Item moved'],
  ['remove_item', 'Item removed'],
  ['update_item', 'Item updated'],
  ['remove_unit', 'Unit removed'],
  ['add_shelf', 'Shelf added'],
  ['remove_shelf', 'Shelf removed'],
  ['remove_room', 'Room removed'],
  ['remove_isle', 'Isle removed'],
  ['update_room', 'Room renamed'],
  ['import_items', 'Items imported'],
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
 * Isle 1 / Unit A / Shelf 2: Mug, Jug'); a line written as JSON by an older or future client is
 * turned into 'key: value' pairs rather than shown as braces and quotes.
 */
export function readableDetails(details: string | null | undefined): string {
  const text = (details ?? '').trim();
  if (text === '') return '—';
  if (!text.startsWith('{')) return text;
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

/** A log time in words that read the same in any locale, e.g. 'Nov 22, 2026, 1:05 AM'. */
export function formatLogTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
