/** Words whose plural is not the singular with an 's'. */
const IRREGULAR: Record<string, string> = { shelf: 'shelves' };

/** The word in the number `n` asks for: plural(1, 'item') is 'item', plural(2, 'item') 'items'. */
export function plural(n: number, singular: string, pluralForm?: string): string {
  if (n === 1) return singular;
  return pluralForm ?? IRREGULAR[singular] ?? `${singular}s`;
}

/** '1 item', '3 items', '2 shelves': a count with its word in the right number. */
export function countOf(n: number, singular: string, pluralForm?: string): string {
  return `${n} ${plural(n, singular, pluralForm)}`;
}

/**
 * Sentences written with '(s)' ('Moved 2 item(s)', '1 shelf(s)'), as the database's log lines
 * are, put in the right number: 'Moved 2 items', '1 shelf'.
 */
export function fixPlurals(text: string): string {
  return text.replace(/\b(\d[\d,]*) ([a-z]+)\(s\)/gi, (_, count: string, word: string) => {
    const n = Number(count.replaceAll(',', ''));
    return `${count} ${plural(n, word)}`;
  });
}
