import pg from 'pg';
import { gs1CheckDigit, seededRandom } from '../src/domain/barcodes.ts';
import { unitNameAt, type UnitType } from '../src/domain/unit-naming.ts';

/**
 * The demo seller's stockroom: two rooms of bays, cabinets, boxes and bins holding a few hundred
 * believable resale items (trainers, LEGO, vinyl, games, clothing, kitchenware, and consumables
 * with expiry dates), so a newcomer who signs in sees what the product is for.
 */

interface UnitPlan {
  type: UnitType;
  shelves: number;
  /** Which kinds of stock live here, drawn from KINDS by name. */
  kinds: readonly KindName[];
  items: number;
}

interface RoomPlan {
  name: string;
  isles: readonly (readonly UnitPlan[])[];
}

type KindName = keyof typeof KINDS;

interface Kind {
  names: readonly string[];
  variants: readonly string[];
  price: readonly [number, number];
  sku: string;
  /** Days from today the expiry dates spread over; none for stock that does not expire. */
  expiresWithin?: readonly [number, number];
}

// Boilerplate: each kind of stock lists its own names, variants and prices; the repeated shape is catalogue data, not logic.
const KINDS = {
  trainers: {
    names: [
      'Nike Air Max 90',
      'Adidas Samba OG',
      'New Balance 550',
      'Nike Dunk Low',
      'Asics Gel-Lyte III',
      'Reebok Club C 85',
      'Converse Chuck 70',
      'Vans Old Skool',
    ],
    variants: ['UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11', 'UK 6'],
    price: [18, 75],
    sku: 'TRN',
  },
  lego: {
    names: [
      'LEGO Star Wars 75192',
      'LEGO Technic 42115',
      'LEGO Creator 10270',
      'LEGO City 60337',
      'LEGO Harry Potter 76405',
      'LEGO Ideas 21318',
      'LEGO Icons 10302',
    ],
    variants: ['sealed', 'open box, complete', 'used, with instructions', 'retired, sealed'],
    price: [20, 240],
    sku: 'LGO',
  },
  vinyl: {
    names: [
      'Fleetwood Mac – Rumours',
      'Pink Floyd – The Wall',
      'Daft Punk – Discovery',
      'Oasis – Definitely Maybe',
      'Kate Bush – Hounds of Love',
      'Arctic Monkeys – AM',
      'David Bowie – Hunky Dory',
    ],
    variants: ['LP, VG+', 'LP, NM', '2LP, VG', 'first press, VG+', 'reissue, sealed'],
    price: [6, 45],
    sku: 'VNL',
  },
  games: {
    names: [
      'Zelda: Breath of the Wild (Switch)',
      'Mario Kart 8 Deluxe (Switch)',
      'Gran Turismo 7 (PS5)',
      'Red Dead Redemption 2 (PS4)',
      'Pokémon Violet (Switch)',
      'FIFA 23 (PS5)',
      'Halo Infinite (Xbox)',
    ],
    variants: ['boxed', 'boxed, like new', 'cartridge only', 'sealed'],
    price: [5, 38],
    sku: 'GAM',
  },
  clothing: {
    names: [
      "Levi's 501 jeans",
      'Barbour Bedale jacket',
      'Ralph Lauren Oxford shirt',
      'Patagonia Synchilla fleece',
      'Carhartt WIP hoodie',
      'The North Face Nuptse',
      'Vintage band T-shirt',
    ],
    variants: ['size S', 'size M', 'size L', 'size XL', 'W32 L32', 'W34 L30'],
    price: [4, 90],
    sku: 'CLO',
  },
  kitchen: {
    names: [
      'Le Creuset casserole 24 cm',
      'Pyrex mixing bowl set',
      'Denby teapot',
      'Kenwood Chef bowl',
      'Sabatier knife set',
      'Emma Bridgewater mug',
      'Vintage Tupperware set',
    ],
    variants: ['cerise', 'volcanic', 'blue', 'cream', 'boxed', 'used, good'],
    price: [3, 60],
    sku: 'KIT',
  },
  consumables: {
    names: [
      'Whey protein 2 kg',
      'Vitamin D3 tablets',
      'Arabica coffee beans 1 kg',
      'Collagen powder',
      'Matcha tea 100 g',
      'Omega-3 capsules',
      'Sunscreen SPF 50',
      'Energy bars (box of 12)',
    ],
    variants: ['chocolate', 'vanilla', '90 count', '180 count', 'unflavoured', 'sealed'],
    price: [4, 25],
    sku: 'CON',
    expiresWithin: [-10, 400],
  },
  books: {
    names: [
      'Harry Potter box set',
      'Folio Society edition',
      'Lonely Planet guide',
      'Penguin Classics bundle',
      'Signed first edition',
      'Cookbook collection',
    ],
    variants: ['hardback', 'paperback', 'like new', 'good'],
    price: [2, 80],
    sku: 'BKS',
  },
} satisfies Record<string, Kind>;

const ROOMS: readonly RoomPlan[] = [
  {
    name: 'Garage',
    isles: [
      [
        { type: 'bay', shelves: 5, kinds: ['trainers'], items: 60 },
        { type: 'bay', shelves: 5, kinds: ['lego', 'games'], items: 55 },
        { type: 'cabinet', shelves: 4, kinds: ['kitchen'], items: 35 },
      ],
      [
        { type: 'bay', shelves: 4, kinds: ['clothing'], items: 50 },
        { type: 'box', shelves: 2, kinds: ['vinyl'], items: 30 },
        { type: 'bin', shelves: 1, kinds: ['books'], items: 20 },
      ],
    ],
  },
  {
    name: 'Spare Room',
    isles: [
      [
        { type: 'cabinet', shelves: 4, kinds: ['consumables'], items: 45 },
        { type: 'box', shelves: 3, kinds: ['games', 'vinyl'], items: 25 },
      ],
      [
        { type: 'bin', shelves: 2, kinds: ['clothing', 'books'], items: 20 },
        { type: 'bay', shelves: 3, kinds: ['lego', 'kitchen'], items: 0 },
      ],
    ],
  },
];

/** The plan the demo seller is on: big enough for the demo, with the 3D view and scanning. */
export const DEMO_PLAN = 'power';

export interface DemoItem {
  name: string;
  quantity: number;
  barcode: string;
  sku: string;
  price: number;
  expiry: string | null;
  /** Where it sits: index into the flattened list of shelves. */
  shelf: number;
  /** How many hours ago it was added. */
  addedHoursAgo: number;
}

/** A valid EAN-13 (GS1 prefix 50) from a 12-digit body. */
function ean13(body: string): string {
  return body + String(gs1CheckDigit(body));
}

function isoDate(daysFromToday: number, today: Date): string {
  const date = new Date(today.getTime() + daysFromToday * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** Every unit's items, spread over its shelves, with codes, prices and (for consumables) expiry dates. */
export function demoItems(today = new Date()): { items: DemoItem[]; shelvesPerUnit: number[] } {
  const next = seededRandom(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const items: DemoItem[] = [];
  const shelvesPerUnit: number[] = [];
  let firstShelf = 0;
  let serial = 1;
  for (const room of ROOMS)
    for (const isle of room.isles)
      for (const unit of isle) {
        shelvesPerUnit.push(unit.shelves);
        for (let i = 0; i < unit.items; i += 1) {
          const kindName = pick(unit.kinds);
          const kind: Kind = KINDS[kindName];
          const [low, high] = kind.price;
          const expiry = kind.expiresWithin
            ? isoDate(
                Math.round(
                  kind.expiresWithin[0] + next() * (kind.expiresWithin[1] - kind.expiresWithin[0]),
                ),
                today,
              )
            : null;
          items.push({
            name: `${pick(kind.names)}, ${pick(kind.variants)}`,
            quantity:
              kindName === 'consumables'
                ? 1 + Math.floor(next() * 12)
                : next() < 0.8
                  ? 1
                  : 2 + Math.floor(next() * 3),
            barcode: ean13(`50${String(1_000_000_000 + serial * 7919).slice(-10)}`),
            sku: `${kind.sku}-${String(serial).padStart(4, '0')}`,
            price: Math.round((low + next() * (high - low)) * 100) / 100,
            expiry,
            shelf: firstShelf + Math.floor(next() * unit.shelves),
            addedHoursAgo: Math.floor(next() * 24 * 120),
          });
          serial += 1;
        }
        firstShelf += unit.shelves;
      }
  return { items, shelvesPerUnit };
}

/**
 * Writes the stockroom of a new demo seller's account in one transaction, with the values the database's
 * triggers would fill given explicitly (they are off for the load, so the activity log is not
 * filled with hundreds of "Item added" lines the seller never made).
 */
export async function seedDemoStockroom(dbUrl: string, accountId: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(
      `update public.subscriptions set plan_id = $2, status = 'active' where account_id = $1`,
      [accountId, DEMO_PLAN],
    );
    // After the plan change (whose trigger moves the account's plan along), not before.
    await db.query('set local session_replication_role = replica');
    const shelfIds: string[] = [];
    const unitOfShelf: string[] = [];
    for (const [roomIndex, room] of ROOMS.entries()) {
      const {
        rows: [roomRow],
      } = await db.query<{ room_id: string }>(
        `insert into public.storage_rooms (account_id, room_name, room_index, active)
         values ($1, $2, $3, true) returning room_id`,
        [accountId, room.name, roomIndex + 1],
      );
      for (const [isleIndex, isle] of room.isles.entries()) {
        const {
          rows: [isleRow],
        } = await db.query<{ isle_id: string }>(
          `insert into public.storage_isles (account_id, room_id, isle_index, position_x, position_z)
           values ($1, $2, $3, $4, 0) returning isle_id`,
          [accountId, roomRow!.room_id, isleIndex + 1, isleIndex * 4],
        );
        for (const [unitIndex, unit] of isle.entries()) {
          const {
            rows: [unitRow],
          } = await db.query<{ unit_id: string }>(
            `insert into public.storage_units (account_id, isle_id, unit_name, unit_type, unit_index)
             values ($1, $2, $3, $4, $5) returning unit_id`,
            [accountId, isleRow!.isle_id, unitNameAt(unitIndex), unit.type, unitIndex],
          );
          const { rows } = await db.query<{ shelf_id: string }>(
            `insert into public.storage_shelves (account_id, unit_id, shelf_index)
             select $1, $2, s from generate_series(1, $3::int) s order by s returning shelf_id`,
            [accountId, unitRow!.unit_id, unit.shelves],
          );
          for (const row of rows) {
            shelfIds.push(row.shelf_id);
            unitOfShelf.push(unitRow!.unit_id);
          }
        }
      }
    }
    const { items } = demoItems();
    await db.query(
      `insert into public.storage_items (account_id, item_name, quantity, unit_id, shelf_id, barcode, sku,
                                         price_paid, expiry_date, created_at, updated_at)
       select $1, i.name, i.quantity, i.unit_id, i.shelf_id, i.barcode, i.sku, i.price, i.expiry,
              now() - make_interval(hours => i.hours_ago), now() - make_interval(hours => i.hours_ago)
         from unnest($2::text[], $3::int[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::numeric[],
                     $9::date[], $10::int[])
              as i(name, quantity, unit_id, shelf_id, barcode, sku, price, expiry, hours_ago)`,
      [
        accountId,
        items.map((i) => i.name),
        items.map((i) => i.quantity),
        items.map((i) => unitOfShelf[i.shelf]),
        items.map((i) => shelfIds[i.shelf]),
        items.map((i) => i.barcode),
        items.map((i) => i.sku),
        items.map((i) => i.price),
        items.map((i) => i.expiry),
        items.map((i) => i.addedHoursAgo),
      ],
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}
