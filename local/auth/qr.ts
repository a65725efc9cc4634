// Placeholder until the QR encoder lands: an SVG that shows the otpauth URI as text.
export function qrSvg(uri: string): string {
  const esc = uri.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60"><text x="0" y="20" font-size="8">${esc}</text></svg>`;
}
