import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createDbUserPair, createStorage, db } from '../helpers/db-users.ts';

afterAll(closeDb);

async function quantityOf(itemId: string): Promise<number | null> {
  const { rows } = await db().query<{ quantity: number }>(
    'select quantity from public.storage_items where item_id = $1',
    [itemId],
  );
  return rows[0]?.quantity ?? null;
}

async function setQuantity(itemId: string, quantity: number): Promise<void> {
  await db().query('update public.storage_items set quantity = $2 where item_id = $1', [
    itemId,
    quantity,
  ]);
}

async function lastLog(accountId: string): Promise<{ action: string; details: string }> {
  const { rows } = await db().query<{ action: string; details: string }>(
    `select action, details from public.storage_logs where account_id = $1
      order by "timestamp" desc, log_id desc limit 1`,
    [accountId],
  );
  return rows[0]!;
}

async function eliteWithItem(quantity = 5) {
  const seller = await createDbUser({ plan: 'elite', prefix: 'picking' });
  const storage = await createStorage(seller.accountId, { roomName: 'Garage', items: 1 });
  const itemId = storage.itemIds[0]!;
  await setQuantity(itemId, quantity);
  return { seller, storage, itemId };
}

describe('pick_order_line', () => {
  it('marks the line picked, takes the quantity off the shelf and logs it', async () => {
    const { seller, itemId } = await eliteWithItem(5);
    const picked = await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 2,
    });
    expect(picked.error).toBeNull();
    expect(picked.data).toMatchObject({
      order_id: '12-345',
      line_item_id: 'L1',
      item_id: itemId,
      quantity: 2,
    });
    expect(await quantityOf(itemId)).toBe(3);
    expect(await lastLog(seller.accountId)).toEqual({
      action: 'pick_order_line',
      details: 'Picked 2 × Item 1 for order 12-345 from Garage › Isle 1 › Unit A › Shelf 1',
    });
    // The picked state is in the database: another device of the seller reads it.
    const { data } = await seller.client.from('order_picks').select('order_id, line_item_id');
    expect(data).toEqual([{ order_id: '12-345', line_item_id: 'L1' }]);

    // Picking the same line again (a second device, a double tap) takes nothing more.
    const again = await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 2,
    });
    expect(again.error?.message).toBe('This order line is already picked');
    expect(await quantityOf(itemId)).toBe(3);
  });

  it('refuses to take more than the shelf holds, and never goes below 0', async () => {
    const { seller, itemId } = await eliteWithItem(1);
    const refused = await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 2,
    });
    expect(refused.error?.code).toBe('22023');
    expect(refused.error?.message).toBe('Only 1 × Item 1 on the shelf; the order needs 2');
    expect(await quantityOf(itemId)).toBe(1);
    const { data } = await seller.client.from('order_picks').select('*');
    expect(data).toEqual([]);

    const exact = await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 1,
    });
    expect(exact.error).toBeNull();
    expect(await quantityOf(itemId)).toBe(0);

    for (const bad of [0, -1]) {
      const invalid = await seller.client.rpc('pick_order_line', {
        p_order_id: '12-345',
        p_line_item_id: 'L2',
        p_item_id: itemId,
        p_quantity: bad,
      });
      expect(invalid.error?.message).toBe('Invalid quantity');
    }
  });

  it('refuses a removed item with not found', async () => {
    const { seller, itemId } = await eliteWithItem(3);
    expect((await seller.client.rpc('remove_items', { p_item_ids: [itemId] })).error).toBeNull();
    const refused = await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 1,
    });
    expect(refused.error?.code).toBe('PT404');
    expect(refused.error?.message).toBe('Item not found: it may have been removed');
  });

  it('is refused below the Elite Seller plan', async () => {
    const seller = await createDbUser({ prefix: 'picking' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const refused = await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: storage.itemIds[0],
      p_quantity: 1,
    });
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toMatch(/^PLAN_FEATURE_UNAVAILABLE: /);
    expect(await quantityOf(storage.itemIds[0]!)).toBe(1);
  });

  it("another seller can neither pick from an item nor see or unpick a seller's picks", async () => {
    const [a, b] = await createDbUserPair({ plan: 'elite', prefix: 'picking' });
    const storage = await createStorage(a.accountId, { items: 1 });
    const itemId = storage.itemIds[0]!;
    await setQuantity(itemId, 4);
    const stolen = await b.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 1,
    });
    expect(stolen.error?.code).toBe('PT404');
    expect(await quantityOf(itemId)).toBe(4);

    await a.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 1,
    });
    expect((await b.client.from('order_picks').select('*')).data).toEqual([]);
    const unpick = await b.client.rpc('unpick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
    });
    expect(unpick.error?.code).toBe('PT404');
    expect(await quantityOf(itemId)).toBe(3);
    // A direct insert naming another seller is refused by RLS.
    const forged = await b.client
      .from('order_picks')
      .insert({ account_id: a.accountId, order_id: 'x', line_item_id: 'y', quantity: 1 });
    expect(forged.error).not.toBeNull();
  });
});

describe('unpick_order_line', () => {
  it('puts the quantity back, unmarks the line and logs it', async () => {
    const { seller, itemId } = await eliteWithItem(5);
    await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 2,
    });
    expect(await quantityOf(itemId)).toBe(3);
    const back = await seller.client.rpc('unpick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
    });
    expect(back.error).toBeNull();
    expect(back.data).toMatchObject({ item_id: itemId, quantity: 5 });
    expect(await quantityOf(itemId)).toBe(5);
    expect((await seller.client.from('order_picks').select('*')).data).toEqual([]);
    expect(await lastLog(seller.accountId)).toEqual({
      action: 'unpick_order_line',
      details: 'Unpicked 2 × Item 1 for order 12-345, back on Garage › Isle 1 › Unit A › Shelf 1',
    });
    const twice = await seller.client.rpc('unpick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
    });
    expect(twice.error?.code).toBe('PT404');
    expect(await quantityOf(itemId)).toBe(5);
  });

  it('unpicks a line whose item was removed since, putting nothing back', async () => {
    const { seller, itemId } = await eliteWithItem(2);
    await seller.client.rpc('pick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
      p_item_id: itemId,
      p_quantity: 1,
    });
    await seller.client.rpc('remove_items', { p_item_ids: [itemId] });
    const { data: picks } = await seller.client.from('order_picks').select('item_id, item_name');
    expect(picks).toEqual([{ item_id: null, item_name: 'Item 1' }]);
    const back = await seller.client.rpc('unpick_order_line', {
      p_order_id: '12-345',
      p_line_item_id: 'L1',
    });
    expect(back.error).toBeNull();
    expect((await lastLog(seller.accountId)).details).toBe(
      'Unpicked 1 × Item 1 for order 12-345 (the item was removed, nothing put back)',
    );
  });
});

describe('link_sku', () => {
  it('remembers an order SKU for an item, per seller, and moves it when linked again', async () => {
    const [a, b] = await createDbUserPair({ plan: 'elite', prefix: 'picking' });
    const storage = await createStorage(a.accountId, { items: 2 });
    const [first, second] = storage.itemIds as [string, string];
    const linked = await a.client.rpc('link_sku', { p_sku: ' MUG-BLUE ', p_item_id: first });
    expect(linked.error).toBeNull();
    expect(linked.data).toMatchObject({ sku: 'MUG-BLUE', item_id: first });
    expect(await lastLog(a.accountId)).toEqual({
      action: 'link_sku',
      details: 'Linked SKU MUG-BLUE to Item 1',
    });
    // The next order with that SKU: the link is read back (another session, same seller).
    expect((await a.client.from('sku_links').select('sku, item_id')).data).toEqual([
      { sku: 'MUG-BLUE', item_id: first },
    ]);

    await a.client.rpc('link_sku', { p_sku: 'MUG-BLUE', p_item_id: second });
    expect((await a.client.from('sku_links').select('sku, item_id')).data).toEqual([
      { sku: 'MUG-BLUE', item_id: second },
    ]);

    // Another seller sees none of it and cannot link to the seller's item.
    expect((await b.client.from('sku_links').select('*')).data).toEqual([]);
    const refused = await b.client.rpc('link_sku', { p_sku: 'MUG-BLUE', p_item_id: first });
    expect(refused.error?.code).toBe('PT404');
    const blank = await a.client.rpc('link_sku', { p_sku: '  ', p_item_id: first });
    expect(blank.error?.message).toBe('Invalid SKU');

    // Removing the item removes its link: an order with the SKU is "Not on a shelf" again.
    await a.client.rpc('remove_items', { p_item_ids: [second] });
    expect((await a.client.from('sku_links').select('*')).data).toEqual([]);
  });
});
