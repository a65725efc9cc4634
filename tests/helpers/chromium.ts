/**
 * The browser the tests drive: Debian's chromium-headless-shell, the headless-only build
 * Playwright itself prefers for headless runs. It runs the same Blink and V8 as the full
 * browser without its window, GPU and profile machinery; the e2e suite took 16 minutes with it
 * against 24 with the full `chromium` on the same 2-core machine. `CHROMIUM_PATH` overrides it.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
