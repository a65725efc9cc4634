/** One line of the seller's eBay inventory, as the inventory function sends it and the screen shows it. */
export interface EbayInventoryEntry {
  sku: string;
  title: string;
  quantity: number;
  condition: string | null;
  imageUrl: string | null;
  /** Set when the entry was taken from an active listing (the Inventory API held none). */
  listingId?: string;
  listingType?: string | null;
}
