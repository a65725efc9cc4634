import { readStored, writeStored } from '../../lib/browser-storage';
import { whenIdle } from '../../lib/when-idle';
import type { Room } from '../../data/storage/types';

// Which shelves of a room had their rows drawn when the seller last opened it at the top of the
// page, in a window of the same size, kept between visits. Opened again, the room draws those
// rows in its first render, instead of drawing every shelf empty, measuring where each landed
// and drawing the near ones' rows in a second render (which has the browser lay the whole page
// out twice). Only a guess: every shelf is still measured before the browser paints, and put
// right if the guess was wrong (a shelf added, a window resized, a page opened scrolled down).
const KEY = 'stockroom.firstScreen';

interface FirstScreen {
  room: string;
  window: string;
  shelves: string[];
}

const windowSize = () => `${window.innerWidth}x${window.innerHeight}`;

function parse(raw: string | null): FirstScreen | null {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<FirstScreen> | null;
    return typeof value?.room === 'string' &&
      typeof value.window === 'string' &&
      Array.isArray(value.shelves)
      ? { room: value.room, window: value.window, shelves: value.shelves.map(String) }
      : null;
  } catch {
    return null;
  }
}

// Read once: this tab is the one that writes it (another tab's rooms only make a worse guess).
let remembered: FirstScreen | null | undefined;

/** The shelves near the screen when the room was last opened in a window of this size. */
function rememberedFor(roomId: string): readonly string[] | null {
  remembered ??= parse(readStored(KEY));
  return remembered?.room === roomId && remembered.window === windowSize()
    ? remembered.shelves
    : null;
}

/** Whether the shelf's rows were drawn at first the last time its room was opened. */
export function drawnFirstLastTime(roomId: string, shelfId: string): boolean {
  return rememberedFor(roomId)?.includes(shelfId) ?? false;
}

/**
 * The units of the room the seller saw on opening it last time (those with a shelf near the
 * screen, and those without shelves, which cost nothing to draw); null when that is not known.
 */
export function unitsSeenFirst(room: Room): ReadonlySet<string> | null {
  const shelves = rememberedFor(room.room_id);
  if (!shelves) return null;
  const near = new Set(shelves);
  const units = new Set<string>();
  for (const isle of room.isles)
    for (const unit of isle.units)
      if (unit.shelves.length === 0 || unit.shelves.some((shelf) => near.has(shelf.shelf_id)))
        units.add(unit.unit_id);
  return units;
}

// The answers measured as the shown room's shelves were attached, shelf by shelf.
let answers: { room: string; near: Map<string, boolean> } | null = null;
let storing = false;

function store(): void {
  if (!storing) return;
  storing = false;
  // Only the top of the page is what the room shows when opened.
  if (!answers || window.scrollY !== 0) return;
  const value: FirstScreen = {
    room: answers.room,
    window: windowSize(),
    shelves: [...answers.near].filter(([, near]) => near).map(([shelf]) => shelf),
  };
  remembered = value;
  writeStored(KEY, JSON.stringify(value));
}

/**
 * Notes whether a shelf was near the screen when attached; once the browser is idle, the room's
 * answers are kept for its next opening.
 */
export function noteFirstAnswer(roomId: string, shelfId: string, near: boolean): void {
  if (answers?.room !== roomId) answers = { room: roomId, near: new Map() };
  answers.near.set(shelfId, near);
  if (storing) return;
  storing = true;
  whenIdle(store, 2000);
  // A seller who leaves (or reloads) before the browser was idle still has it kept.
  window.addEventListener('pagehide', store, { once: true });
}
