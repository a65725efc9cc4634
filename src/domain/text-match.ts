/**
 * The form in which sellers' names and codes are compared everywhere (rooms, units, item names,
 * barcodes, SKUs): surrounding spaces and letter case never make two things different.
 */
export function matchKey(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}
