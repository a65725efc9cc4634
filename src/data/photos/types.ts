import type { Tables } from '../../lib/database.types';

/** One photo of an item, as public.item_photos lists it. */
export type ItemPhoto = Tables<'item_photos'>;

/** An item's photos in order (position 0, the picture, first), by item id. */
export type PhotosByItem = ReadonlyMap<string, readonly ItemPhoto[]>;
