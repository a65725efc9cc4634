import { inflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { e2eEnv } from './env';
import { expect, test, type SellerAccount } from './fixtures';
import { db, seedStorage, setPlan } from './seed';
import { PROBES_KEY } from '../../src/lib/probes';

/**
 * The 3D view of a room (issue 13), in Chromium's software WebGL (SwiftShader): it draws the
 * room, isles move and the layout and camera survive a reload; a free account gets the upgrade
 * prompt, never downloads the 3D chunk, and the database refuses its layout writes.
 */

interface Seeded {
  roomId: string;
  isle1: string;
  isle2: string;
  bay: string;
  cabinet: string;
  bayShelf1: string;
}

/** Room 'Garage': isle 1 at the centre (a bay with 3 shelves and a cabinet with 2), isle 2 (a box) at x 3. */
async function seedRoom(accountId: string): Promise<Seeded> {
  const [room] = await seedStorage(accountId, [
    {
      name: 'Garage',
      isles: [
        {
          index: 1,
          units: [
            {
              type: 'bay',
              shelves: [
                Array.from({ length: 12 }, (_, i) => ({ name: `Teapot ${i + 1}` })),
                [],
                [],
              ],
            },
            { type: 'cabinet', shelves: [[], [{ name: 'Vinyl record' }]] },
          ],
        },
        { index: 2, units: [{ type: 'box', shelves: [[]] }] },
      ],
    },
  ]);
  const [isle1, isle2] = room!.isles;
  // Isle 2 stands at x 3, and every unit keeps the size preset the inventory stores in position3D.
  await db().query(`update public.storage_isles set position_x = 3 where isle_id = $1`, [
    isle2!.id,
  ]);
  await db().query(
    `update public.storage_units set "position3D" = '{"x":0,"y":0,"z":0,"size":50}'::jsonb
      where account_id = $1`,
    [accountId],
  );
  return {
    roomId: room!.id,
    isle1: isle1!.id,
    isle2: isle2!.id,
    bay: isle1!.units[0]!.id,
    cabinet: isle1!.units[1]!.id,
    bayShelf1: isle1!.units[0]!.shelves[0]!.id,
  };
}

/** A second room, 'Shed', with one isle holding a bin with a shelf (and so its own isle label). */
async function seedSecondRoom(accountId: string): Promise<string> {
  const [room] = await seedStorage(accountId, [
    { name: 'Shed', isles: [{ index: 1, units: [{ type: 'bin', shelves: [[]] }] }] },
  ]);
  return room!.id;
}

interface Probe {
  drawCalls: number;
  frames: number;
  camera: { position: number[]; target: number[] } | null;
}

async function probe(page: Page): Promise<Probe> {
  return page.evaluate(() => {
    const p = window.__stockroom3d;
    return { drawCalls: p?.drawCalls ?? 0, frames: p?.frames ?? 0, camera: p?.camera ?? null };
  });
}

/** Waits until the scene has rendered at least one frame with something in it. */
async function waitForScene(page: Page): Promise<void> {
  // The first visit loads the view's own chunk: slow on a machine shared with the stack.
  await expect(page.getByTestId('room-3d-view')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await probe(page)).drawCalls, { timeout: 20_000 })
    .toBeGreaterThan(3);
}

// --- a small PNG reader: enough for Chromium's 8-bit RGB/RGBA, non-interlaced screenshots ------
function decodePng(png: Buffer): {
  width: number;
  height: number;
  pixels: Buffer;
  channels: number;
} {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 4;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = body[9] === 6 ? 4 : 3;
      if (body[8] !== 8 || body[12] !== 0) throw new Error('unsupported PNG');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      pixels[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  return { width, height, pixels, channels };
}

/** Distinct colours (quantised) and the share of pixels that differ from the background. */
function colourStats(png: Buffer): { colours: number; nonBackground: number } {
  const { width, height, pixels, channels } = decodePng(png);
  const colours = new Set<number>();
  let nonBackground = 0;
  for (let i = 0; i < width * height; i += 1) {
    const [r, g, b] = [pixels[i * channels]!, pixels[i * channels + 1]!, pixels[i * channels + 2]!];
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
    // the scene's background is #f8fafc
    if (Math.abs(r - 0xf8) + Math.abs(g - 0xfa) + Math.abs(b - 0xfc) > 24) nonBackground += 1;
  }
  return { colours: colours.size, nonBackground: nonBackground / (width * height) };
}

/** Orbits the camera with a drag: the mouse on desktop, one finger on the tablet. */
async function orbit(page: Page, touch: boolean): Promise<void> {
  const box = (await page.getByTestId('room-3d-stage').boundingBox())!;
  const from = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.5 };
  const to = { x: from.x + 160, y: from.y - 40 };
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1) {
      await page.mouse.move(
        from.x + ((to.x - from.x) * step) / 8,
        from.y + ((to.y - from.y) * step) / 8,
      );
    }
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: point(from.x, from.y),
  });
  for (let step = 1; step <= 8; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(
        from.x + ((to.x - from.x) * step) / 8,
        from.y + ((to.y - from.y) * step) / 8,
      ),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const isCameraSave = (url: string, method: string) =>
  url.includes('/rest/v1/storage_rooms') && method === 'PATCH';

// The renderer's figures (frames, draw calls, camera, projection) come from the probe the app
// mounts only when asked to.
test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'on'), PROBES_KEY);
});

test.describe('3D view of a room', () => {
  test('draws the room; an isle moved and the camera turned stay so after a reload', async ({
    page,
    admin,
    seller,
    dashboard,
  }) => {
    test.setTimeout(90_000);
    await setPlan(seller.accountId, 'growing');
    const seeded = await seedRoom(seller.accountId);

    await page.goto(`/dashboard/inventory/3d?room=${seeded.roomId}`);
    await dashboard.expectLoaded();
    await waitForScene(page);

    // The canvas shows a room, not an empty or blank surface.
    const stats = colourStats(
      await page.getByTestId('room-3d-stage').locator('canvas').screenshot(),
    );
    expect(stats.colours).toBeGreaterThan(12);
    expect(stats.nonBackground).toBeGreaterThan(0.2);
    // A handful of instanced meshes, not one draw per unit, shelf and item.
    expect((await probe(page)).drawCalls).toBeLessThan(20);

    // Orbit with the mouse (one finger: the @touch-only test below), then wait for the camera
    // to be saved.
    const before = (await probe(page)).camera!;
    const cameraSaved = page.waitForResponse(
      (response) => isCameraSave(response.url(), response.request().method()) && response.ok(),
    );
    await orbit(page, false);
    await cameraSaved;
    const camera = (await probe(page)).camera!;
    expect(camera.position).not.toEqual(before.position);

    // Move isle 1 two grid steps right and one forward with the editor's controls and keys.
    await dashboard.press(page.getByTestId('room-3d-edit'));
    await page.getByTestId('room-3d-isle').selectOption({ label: 'Isle 1' });
    const right = page.getByRole('button', { name: 'Move isle right' });
    await dashboard.press(right);
    await dashboard.press(right);
    await page.getByTestId('room-3d-stage').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('isle-placement')).toHaveText(
      'Isle 1: x 1 m, z 0.5 m, turned 0°',
    );

    // A step further right would put it over isle 2 (a box at x 3): refused, it stays.
    await dashboard.press(right);
    await expect(page.getByTestId('isle-placement')).toContainText('x 1.5 m');
    await dashboard.press(right);
    await expect(page.getByTestId('room-3d-refusal')).toHaveText('Isle 1 would overlap Isle 2');
    await expect(page.getByTestId('isle-placement')).toContainText('x 1.5 m');
    await dashboard.press(page.getByRole('button', { name: 'Move isle left' }));

    const saved = page.waitForResponse((response) =>
      response.url().includes('/rpc/save_room_layout'),
    );
    await dashboard.press(page.getByTestId('room-3d-save'));
    expect((await saved).ok()).toBe(true);
    await expect(page.getByTestId('toast-title')).toHaveText('Layout Saved');

    const { data: isle } = await admin
      .from('storage_isles')
      .select('position_x, position_z, rotation_y')
      .eq('isle_id', seeded.isle1)
      .single();
    expect(isle).toEqual({ position_x: 1, position_z: 0.5, rotation_y: 0 });
    const { data: units } = await admin
      .from('storage_units')
      .select('unit_id, position3D')
      .eq('isle_id', seeded.isle1)
      .order('unit_index');
    // The bay is the isle's left unit: isle centre 1 minus half of (1.2 + 0.1 + 1.0) plus 0.6.
    // The inventory's size preset stays.
    expect(units?.[0]?.position3D).toEqual({ x: 0.45, y: 0, z: 0.5, rotation_y: 0, size: 50 });

    await page.reload();
    await waitForScene(page);
    const after = (await probe(page)).camera!;
    for (const [i, value] of camera.position.entries())
      expect(after.position[i]).toBeCloseTo(value, 2);
    for (const [i, value] of camera.target.entries()) expect(after.target[i]).toBeCloseTo(value, 2);
    await dashboard.press(page.getByTestId('room-3d-edit'));
    await page.getByTestId('room-3d-isle').selectOption({ label: 'Isle 1' });
    await expect(page.getByTestId('isle-placement')).toHaveText(
      'Isle 1: x 1 m, z 0.5 m, turned 0°',
    );
  });

  // The touch half of the test above: the tablet's own gesture, on the tablet only.
  test(
    'one finger orbits the camera, and the turned camera is saved',
    { tag: '@touch-only' },
    async ({ page, seller, dashboard }) => {
      await setPlan(seller.accountId, 'growing');
      const seeded = await seedRoom(seller.accountId);
      await page.goto(`/dashboard/inventory/3d?room=${seeded.roomId}`);
      await dashboard.expectLoaded();
      await waitForScene(page);
      const before = (await probe(page)).camera!;
      const cameraSaved = page.waitForResponse(
        (response) => isCameraSave(response.url(), response.request().method()) && response.ok(),
      );
      await orbit(page, true);
      await cameraSaved;
      const camera = (await probe(page)).camera!;
      expect(camera.position).not.toEqual(before.position);
    },
  );

  test('an isle dragged on the floor snaps to the grid and turns 90°; a failed save says so', async ({
    page,
    admin,
    seller,
    dashboard,
  }) => {
    test.setTimeout(60_000);
    await setPlan(seller.accountId, 'power');
    const seeded = await seedRoom(seller.accountId);
    await page.goto(`/dashboard/inventory/3d?room=${seeded.roomId}`);
    await waitForScene(page);
    await dashboard.press(page.getByTestId('room-3d-edit'));

    // Grab isle 2's box and drag it 2 m towards -z (back), in screen space via the probe.
    const stage = (await page.getByTestId('room-3d-stage').locator('canvas').boundingBox())!;
    const at = async (x: number, y: number, z: number) => {
      const [px, py] = await page.evaluate(
        ([a, b, c]) => window.__stockroom3d!.project(a!, b!, c!),
        [x, y, z],
      );
      return { x: stage.x + px, y: stage.y + py };
    };
    const from = await at(3, 0, 0);
    const to = await at(3, 0, -2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await page.mouse.move(
        from.x + ((to.x - from.x) * step) / 10,
        from.y + ((to.y - from.y) * step) / 10,
      );
    }
    await page.mouse.up();
    await expect(page.getByTestId('isle-placement')).toHaveText(
      /^Isle 2: x 3 m, z -2 m, turned 0°$/,
    );

    await dashboard.press(page.getByTestId('room-3d-rotate'));
    await expect(page.getByTestId('isle-placement')).toHaveText(
      'Isle 2: x 3 m, z -2 m, turned 90°',
    );

    // A failed save says so and keeps the edits, so the seller can try again.
    await page.route('**/rest/v1/rpc/save_room_layout', (route) =>
      route.fulfill({ status: 503, body: '{"message":"unavailable"}' }),
    );
    await dashboard.press(page.getByTestId('room-3d-save'));
    await expect(page.getByTestId('toast-title')).toHaveText('Save Failed');
    await expect(page.getByTestId('toast-message')).toHaveText(
      'Failed to save layout, please try again',
    );
    await expect(page.getByTestId('isle-placement')).toHaveText(
      'Isle 2: x 3 m, z -2 m, turned 90°',
    );
    await page.unroute('**/rest/v1/rpc/save_room_layout');

    const saved = page.waitForResponse((response) =>
      response.url().includes('/rpc/save_room_layout'),
    );
    await dashboard.press(page.getByTestId('room-3d-save'));
    expect((await saved).ok()).toBe(true);
    await expect(page.getByTestId('toast-title').filter({ hasText: 'Layout Saved' })).toBeVisible();
    const { data } = await admin
      .from('storage_isles')
      .select('position_x, position_z, rotation_y')
      .eq('isle_id', seeded.isle2)
      .single();
    expect(data?.position_x).toBe(3);
    expect(data?.position_z).toBe(-2);
    expect(data?.rotation_y).toBeCloseTo(Math.PI / 2, 5);
  });

  test('a unit link (?unit=) opens its room with the unit and its items in the side panel', async ({
    page,
    seller,
    dashboard,
  }) => {
    await setPlan(seller.accountId, 'elite');
    const seeded = await seedRoom(seller.accountId);
    await page.goto(`/dashboard/inventory/3d?unit=${seeded.bay}`);
    await waitForScene(page);
    await expect(page.getByTestId('room-3d-selected')).toHaveText('Isle 1 › A');
    await expect(page.getByTestId('room-3d-items').getByRole('listitem')).toHaveCount(12);
    // A Medium bay holds about 50 items, 17 on each of its 3 shelves: both numbers are items.
    await expect(page.getByTestId('room-3d-unit-size')).toHaveText(
      'Bay · holds about 50 items, about 17 a shelf',
    );
    const shelves = page.getByTestId('room-3d-shelf');
    await expect(shelves.nth(0)).toContainText('Shelf 1 · 12 items · holds about 17');
    await expect(shelves.nth(1)).toContainText('Shelf 2 · 0 items · holds about 17');
    await dashboard.press(shelves.nth(1));
    await expect(page.getByText('Nothing stored here yet.')).toBeVisible();

    // Back to the list, and pick the cabinet.
    await dashboard.press(page.getByRole('button', { name: 'Close and show all units' }));
    await dashboard.press(page.getByTestId('room-3d-unit').filter({ hasText: 'Isle 1 › B' }));
    await expect(page.getByTestId('room-3d-items')).toHaveText(/Vinyl record/);
  });
});

test.describe('Finding the 3D view', () => {
  // A tap on the link is a click on the tablet: the keyboard path is the one to prove.
  test('the inventory links the active room to its 3D view, from the keyboard', async ({
    page,
    seller,
    dashboard,
  }) => {
    test.setTimeout(90_000);
    await setPlan(seller.accountId, 'growing');
    const seeded = await seedRoom(seller.accountId);
    const shedId = await seedSecondRoom(seller.accountId);

    await dashboard.goto('inventory');
    await expect(page.getByTestId('inventory-ready')).toBeVisible({ timeout: 30_000 });
    // The link follows the room the seller is looking at.
    await dashboard.press(page.getByTestId('room-tab').filter({ hasText: 'Shed' }));
    const link = page.getByRole('link', { name: '3D view of Shed' });
    await expect(link).toBeVisible();
    await expect(link).toHaveText('3D view');
    await expect(link).toHaveAttribute('href', `/dashboard/inventory/3d?room=${shedId}`);
    // A toolbar control: as tall as the room buttons beside it, big enough for a finger.
    const box = (await link.boundingBox())!;
    const rename = (await page.getByTestId('rename-room').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(Math.abs(box.height - rename.height)).toBeLessThan(1);

    // In the tab order right after '+ Room', and Enter follows it.
    await page.getByTestId('add-room').focus();
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/inventory/3d\\?room=${shedId}$`));
    await expect(page.getByRole('heading', { level: 1, name: '3D View' })).toBeVisible();
    await waitForScene(page);
    await expect(page.getByTestId('room-3d-view')).toHaveAttribute('data-room-id', shedId);
    await expect(page.getByTestId('room-3d-room')).toHaveValue(shedId);

    // Back in the inventory the other room's link leads to that room.
    await dashboard.press(page.getByRole('link', { name: 'Back to inventory' }));
    await dashboard.press(page.getByTestId('room-tab').filter({ hasText: 'Garage' }));
    await dashboard.press(page.getByRole('link', { name: '3D view of Garage' }));
    await expect(page.getByTestId('room-3d-view')).toHaveAttribute('data-room-id', seeded.roomId);
  });

  test('changing rooms in 3D and leaving it throws nothing', async ({
    page,
    seller,
    dashboard,
    consoleErrors,
  }) => {
    // Three scenes drawn in SwiftShader on a shared 2-core machine.
    test.setTimeout(150_000);
    await setPlan(seller.accountId, 'growing');
    const seeded = await seedRoom(seller.accountId);
    const shedId = await seedSecondRoom(seller.accountId);

    await page.goto(`/dashboard/inventory/3d?room=${seeded.roomId}`);
    await waitForScene(page);
    const room = page.getByTestId('room-3d-room');
    const view = page.getByTestId('room-3d-view');
    for (const [id, label] of [
      [shedId, 'Shed'],
      [seeded.roomId, 'Garage'],
      [shedId, 'Shed'],
    ] as const) {
      await room.selectOption({ label });
      await expect(view).toHaveAttribute('data-room-id', id);
      await waitForScene(page);
      // The isle labels of the room on show, and only those.
      await expect(page.locator('.room-3d__isle-label')).toHaveCount(id === shedId ? 1 : 2);
    }

    // Leaving the view: by its own link, and from the navigation after coming back.
    await dashboard.press(page.getByRole('link', { name: 'Back to inventory' }));
    await expect(page.getByTestId('inventory-ready')).toBeVisible({ timeout: 30_000 });
    await page.goBack();
    await waitForScene(page);
    await dashboard.open('Settings');
    await expect(dashboard.heading('Settings')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    await expect(page.locator('.room-3d__isle-label')).toHaveCount(0);

    expect(consoleErrors).toEqual([]);
  });
});

test.describe('3D view at Elite size', () => {
  // Its own stockroom, not the shared Elite one: the view draws one room, and this one holds all
  // 100 units and 5000 items, on 25 isles never placed before.
  test('100 units and 5000 items draw in a few dozen draw calls', async ({ page, seller }) => {
    test.setTimeout(90_000);
    await setPlan(seller.accountId, 'elite');
    let shelf = 0;
    const [room] = await seedStorage(seller.accountId, [
      {
        name: 'Warehouse',
        isles: Array.from({ length: 25 }, (_, i) => ({
          index: i + 1,
          units: (['bay', 'cabinet', 'box', 'bin'] as const).map((type) => ({
            type,
            shelves: Array.from({ length: 5 }, () => {
              const s = shelf++;
              return Array.from({ length: 10 }, (_, n) => ({ name: `Item ${s}-${n}` }));
            }),
          })),
        })),
      },
    ]);
    expect(shelf).toBe(500);

    await page.goto(`/dashboard/inventory/3d?room=${room!.id}`);
    await waitForScene(page);
    await expect(page.getByTestId('room-3d-unit')).toHaveCount(100);
    // Every isle found a place on the default 20 m floor.
    await expect(page.getByTestId('room-3d-auto-placed')).toHaveText(/24 isles were placed/);
    const result = await page.evaluate(() => window.__stockroom3d!.measure(10));
    // floor, grid, isle plates, four unit types, shelves, bar tracks, bars, items: not thousands
    expect(result.drawCalls).toBeLessThanOrEqual(24);
    console.log(
      `Elite room: ${result.drawCalls} draw calls, ${result.frameMs.toFixed(1)} ms/frame (SwiftShader)`,
    );
  });
});

test.describe('3D view on the free plan', () => {
  test('the inventory link and the 3D address show the upgrade prompt without loading the 3D code', async ({
    page,
    seller,
    dashboard,
  }) => {
    const seeded = await seedRoom(seller.accountId);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    // Opened at its address (a bookmark), before the app knows the plan.
    await page.goto(`/dashboard/inventory/3d?room=${seeded.roomId}`);
    await expect(page.getByTestId('room-3d-upgrade')).toBeVisible();
    await expect(page.getByTestId('room-3d-upgrade')).toContainText('Growing Seller');
    await expect(page.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=subscription',
    );
    await expect(page.locator('canvas')).toHaveCount(0);
    expect(requested.filter((url) => url.includes('room-3d-view'))).toEqual([]);

    // From the inventory's link.
    await dashboard.open('Inventory');
    const link = page.getByRole('link', { name: '3D view of Garage' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(link).toHaveAttribute('href', `/dashboard/inventory/3d?room=${seeded.roomId}`);
    await dashboard.press(link);
    await expect(page.getByTestId('room-3d-upgrade')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    expect(requested.filter((url) => url.includes('room-3d-view'))).toEqual([]);
  });

  test('the database refuses its layout writes but not other changes', async ({
    admin,
    sellerAccount,
  }) => {
    const seeded = await seedRoom(sellerAccount.accountId);
    const client = await signedIn(sellerAccount);

    const save = await client.rpc('save_room_layout', {
      p_room_id: seeded.roomId,
      p_isles: [{ isle_id: seeded.isle1, position_x: 2, position_z: 2, rotation_y: 0 }],
    });
    expect(save.error?.code).toBe('42501');
    expect(save.error?.message).toBe(
      'PLAN_FEATURE_UNAVAILABLE: The 3D view requires the Growing Seller plan or higher',
    );
    const isle = await client
      .from('storage_isles')
      .update({ position_x: 2 })
      .eq('isle_id', seeded.isle1);
    expect(isle.error?.code).toBe('42501');
    const camera = await client
      .from('storage_rooms')
      .update({ camera_position_x: 5, camera_position_y: 5, camera_position_z: 5 })
      .eq('room_id', seeded.roomId);
    expect(camera.error?.code).toBe('42501');
    // position3D also carries the inventory's size preset, so it stays writable on every plan.
    const unit = await client
      .from('storage_units')
      .update({ position3D: { x: 0, y: 0, z: 0, size: 100 } })
      .eq('unit_id', seeded.bay);
    expect(unit.error).toBeNull();

    // Nothing moved, and ordinary edits of the same rows still work.
    const { data } = await admin
      .from('storage_isles')
      .select('position_x')
      .eq('isle_id', seeded.isle1)
      .single();
    expect(data?.position_x).toBe(0);
    const rename = await client
      .from('storage_rooms')
      .update({ room_name: 'Shed' })
      .eq('room_id', seeded.roomId);
    expect(rename.error).toBeNull();

    // The same account on Growing may save.
    await setPlan(sellerAccount.accountId, 'growing');
    const allowed = await client.rpc('save_room_layout', {
      p_room_id: seeded.roomId,
      p_isles: [{ isle_id: seeded.isle1, position_x: 2, position_z: 2, rotation_y: 0 }],
    });
    expect(allowed.error).toBeNull();

    // All or nothing: a unit from elsewhere refuses the whole save.
    const partial = await client.rpc('save_room_layout', {
      p_room_id: seeded.roomId,
      p_isles: [{ isle_id: seeded.isle1, position_x: 4, position_z: 4, rotation_y: 0 }],
      p_units: [{ unit_id: crypto.randomUUID(), position3D: { x: 4, y: 0, z: 4 } }],
    });
    expect(partial.error?.message).toBe('Unit not found in this room');
    const after = await admin
      .from('storage_isles')
      .select('position_x')
      .eq('isle_id', seeded.isle1)
      .single();
    expect(after.data?.position_x).toBe(2);
  });
});

async function signedIn(account: SellerAccount): Promise<SupabaseClient> {
  const client = createClient(e2eEnv.apiUrl, e2eEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  });
  if (error) throw error;
  return client;
}
