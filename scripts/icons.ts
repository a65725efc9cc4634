// Draws the installed app's icons (public/icons) from the favicon's shape, in Chromium, so the
// PNGs tablets ask for match the SVG the browser tab shows. Run again after changing the logo:
//   npx tsx scripts/icons.ts
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const OUT = path.resolve(import.meta.dirname, '../public/icons');
const BRAND = '#1d4ed8';

// The favicon's box drawn in a 32-unit square; `inset` shrinks it into a maskable icon's safe zone.
function svg(size: number, { rounded, inset }: { rounded: boolean; inset: number }): string {
  const scale = (size * (1 - 2 * inset)) / 32;
  const offset = size * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.1875 : 0}" fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path d="M7 12h18v13H7zM7 12l3-5h12l3 5" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/>
    <path d="M7 18h18M16 12v13" stroke="#fff" stroke-width="2"/>
  </g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Maskable: the platform cuts its own shape, so the box keeps to the middle 80 %.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  // iPadOS ignores the manifest's icons and asks for this one.
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, inset: 0.06 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<body style="margin:0;background:transparent">${svg(icon.size, icon)}</body>`,
    );
    await page.locator('svg').screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
