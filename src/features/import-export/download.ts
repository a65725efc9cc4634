/** Hands text to the browser as a file download (export, template, error list). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'stockroom-items-2026-11-22.csv': the date tells exports apart in a downloads folder. */
export function datedFileName(prefix: string, extension: string, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `${prefix}-${day}.${extension}`;
}
