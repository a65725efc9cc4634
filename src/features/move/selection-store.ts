import { useSyncExternalStore } from 'react';

/**
 * The items chosen to move together. An external store rather than React state so that ticking
 * one checkbox re-renders that row and the selection bar, not every row of the room.
 */
export interface SelectionStore {
  ids(): readonly string[];
  has(id: string): boolean;
  toggle(id: string): void;
  remove(ids: readonly string[]): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function createSelectionStore(): SelectionStore {
  // Insertion order is the order of choosing: the preview names the first one chosen.
  let selected: readonly string[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    ids: () => selected,
    has: (id) => selected.includes(id),
    toggle(id) {
      selected = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
      emit();
    },
    remove(ids) {
      const gone = new Set(ids);
      if (!selected.some((id) => gone.has(id))) return;
      selected = selected.filter((id) => !gone.has(id));
      emit();
    },
    clear() {
      if (selected.length === 0) return;
      selected = [];
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useIsSelected(store: SelectionStore, id: string): boolean {
  return useSyncExternalStore(store.subscribe, () => store.has(id));
}

export function useSelectedIds(store: SelectionStore): readonly string[] {
  return useSyncExternalStore(store.subscribe, store.ids);
}
