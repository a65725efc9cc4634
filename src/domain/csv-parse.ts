// RFC 4180 reading: quoted cells may hold commas, doubled quotes and line breaks. Kept here so the
// import rules can be tested end to end (export → parse → validate) without a browser.

/** Splits CSV text into records of cells. A leading byte-order mark is dropped. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let position = text.startsWith('\uFEFF') ? 1 : 0;

  while (position < text.length) {
    const character = text.charAt(position);
    if (quoted) {
      if (character === '"' && text.charAt(position + 1) === '"') {
        cell += '"';
        position += 2;
        continue;
      }
      if (character === '"') quoted = false;
      else cell += character;
      position += 1;
      continue;
    }
    if (character === '"' && cell === '') {
      quoted = true;
    } else if (character === delimiter) {
      record.push(cell);
      cell = '';
    } else if (character === '\r' || character === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      if (character === '\r' && text.charAt(position + 1) === '\n') position += 1;
    } else {
      cell += character;
    }
    position += 1;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
