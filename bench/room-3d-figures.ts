import type { Browser } from '@playwright/test';
import pg from 'pg';
import type { RunningStack } from '../local/stack.ts';
import { signIn } from './browser-figures.ts';
import type { Figure } from './report.ts';
import type { SeededSeller } from './seed-elite.ts';
import { PROBES_KEY } from '../src/lib/probes';

/**
 * The 3D view of a room holding a whole Elite account (100 units, 5000 items), in Chromium's software WebGL (SwiftShader, no
 * GPU here): time to the first drawn frame, draw calls, and frame time over 60 frames.
 */
export async function room3dFigures(
  stack: RunningStack,
  seller: SeededSeller,
  browser: Browser,
): Promise<Figure[]> {
  const db = new pg.Client({ connectionString: stack.env.DB_URL });
  await db.connect();
  const { rows } = await db.query<{ room_id: string; units: number; items: number }>(
    `select r.room_id, count(distinct u.unit_id)::int as units, count(i.item_id)::int as items
       from storage_rooms r join storage_isles s using (room_id) join storage_units u using (isle_id)
       left join storage_items i on i.unit_id = u.unit_id
      where r.account_id = $1 group by r.room_id order by items desc limit 1`,
    [seller.accountId],
  );
  await db.end();
  const room = rows[0];
  if (!room) throw new Error('the seeded seller has no rooms');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'on'), PROBES_KEY);
  const page = await context.newPage();
  await signIn(page, stack.env.APP_URL, seller);
  await page.goto(`${stack.env.APP_URL}/dashboard/inventory`);
  await page.getByTestId('inventory-ready').waitFor();

  const started = Date.now();
  await page.goto(`${stack.env.APP_URL}/dashboard/inventory/3d?room=${room.room_id}`);
  await page.waitForFunction(
    () => ((window as { __stockroom3d?: { frames: number } }).__stockroom3d?.frames ?? 0) > 0,
    null,
    {
      timeout: 60_000,
    },
  );
  const firstFrameMs = Date.now() - started;
  const measured = await page.evaluate(async () => {
    const probe = (
      window as {
        __stockroom3d?: { measure: (n: number) => Promise<{ frameMs: number; drawCalls: number }> };
      }
    ).__stockroom3d;
    if (!probe) throw new Error('no 3D probe');
    return probe.measure(60);
  });
  await context.close();

  return [
    {
      name: '3D view, navigation to first frame',
      value: firstFrameMs,
      unit: 'ms',
      against: `room of ${room.units} units and ${room.items} items, chunk download included, software WebGL`,
      budget: 'none set (reported)',
      ok: true,
    },
    {
      name: '3D view draw calls',
      value: measured.drawCalls,
      unit: 'calls',
      against: `${room.units} units, ${room.items} items drawn (instanced)`,
      budget: 'a few dozen, not thousands',
      ok: measured.drawCalls <= 60,
    },
    {
      name: '3D view frame time',
      value: measured.frameMs,
      unit: 'ms',
      against: 'mean of 60 frames rendered back to back, SwiftShader on 2 CPU cores',
      budget: '< 16.7 ms (60 fps)',
      ok: measured.frameMs < 16.7,
    },
  ];
}
