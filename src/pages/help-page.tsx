import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { PLANS } from '../domain/plans';
import { getEnv } from '../lib/env';

const SECTIONS = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'storage-management', title: 'Storage Management' },
  { id: 'inventory-management', title: 'Inventory Management' },
  { id: 'ebay-integration', title: 'eBay Integration' },
  { id: 'picking-orders', title: 'Picking eBay Orders' },
  { id: 'data-management', title: 'Data Management' },
  { id: 'account-settings', title: 'Account & Settings' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

function HelpSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)?.title ?? '';
  return (
    <section
      id={id}
      className="help-section card section"
      aria-labelledby={`${id}-title`}
      data-testid={`help-${id}`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function HelpPage() {
  useDocumentTitle('Help Center');
  const { supportEmail } = getEnv();
  return (
    <div className="page prose" data-testid="help-page">
      <h1>Help Center</h1>
      <p className="lead">Short answers to get your stockroom organised.</p>

      <nav aria-label="Help topics">
        <ul className="help-toc">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <HelpSection id="getting-started">
        <ol>
          <li>
            <Link to="/signup">Create an account</Link> with your e-mail address and a password,
            then open the confirmation link we e-mail you and sign in.
          </li>
          <li>Add your first room, for example "Garage" or "Spare room".</li>
          <li>Add isles to the room, then units (bay, box, cabinet or bin) to each isle.</li>
          <li>Add items to the shelves of your units. You are ready to pick orders.</li>
        </ol>
        <p>
          The Free plan includes {PLANS.free.limits.rooms} room, {PLANS.free.limits.units} storage
          units and {PLANS.free.limits.items} items. See <Link to="/pricing">pricing</Link> for
          larger plans.
        </p>
      </HelpSection>

      <HelpSection id="storage-management">
        <ul>
          <li>
            Storage is organised as rooms, which hold isles, which hold units, which hold numbered
            shelves.
          </li>
          <li>
            Isle numbers are unique within a room. When you remove an isle or a shelf, the remaining
            ones are renumbered from 1; a new shelf takes the lowest free number.
          </li>
          <li>
            Removing a unit also removes its shelves and the items on them. If it was the last unit
            in its isle, the isle is removed too. Removals are permanent.
          </li>
          <li>
            Choose a colour scheme in Settings so bays, boxes, cabinets and bins are easy to tell
            apart. Paid plans include a 3D view of each room.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="inventory-management">
        <ul>
          <li>
            Add items one at a time with a name, quantity and shelf, plus optional barcode, SKU,
            price paid and expiry date.
          </li>
          <li>
            On the Power and Elite plans, scan barcodes to add many items at once. A barcode that is
            already in the current scan list is rejected, so nothing is added twice.
          </li>
          <li>
            Move items by dragging them to another shelf. By default you are asked to confirm each
            move; you can turn that off in Settings.
          </li>
          <li>
            Search finds items by exact barcode, or by part of a name or barcode, in any letter
            case.
          </li>
          <li>
            Items with an expiry date raise a reminder 30, 60 or 90 days before it (each can be
            turned on or off in Settings), or once it has passed.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="ebay-integration">
        <ul>
          <li>
            Connect your eBay seller account under Integrations. You are sent to eBay to approve
            access and then brought back to Stockroom.
          </li>
          <li>
            Your active listings appear beside your storage; drop one on a shelf to create the item
            there. Listings are available from the Growing Seller plan, and orders on the Elite
            Seller plan.
          </li>
          <li>
            eBay limits how often data can be fetched: listings and orders at most every 2 minutes,
            inventory every 8 minutes. In between, Stockroom shows the data it fetched last.
          </li>
          <li>Disconnecting eBay deletes the stored eBay tokens straight away.</li>
        </ul>
      </HelpSection>

      <HelpSection id="picking-orders">
        <ul>
          <li>
            On eBay Orders, press <strong>Mark picked</strong> beside an order line once it is in
            your hand. Its quantity comes off the item on its shelf straight away, and the activity
            log says what was picked, for which order and from where. Each order shows how many of
            its lines are picked, and the pick list shows the same.
          </li>
          <li>
            Picked by mistake? Press <strong>Unpick</strong> in the message that appears, or press
            the line&apos;s <strong>Picked</strong> button: the quantity goes back on the shelf.
          </li>
          <li>
            What you pick is saved with your account, so the tablet in the stockroom and the
            computer at your desk show the same lines as picked.
          </li>
          <li>
            Stockroom will not pick more than a shelf holds: if the item has fewer than the order
            needs, it says how many are there, so you can count the shelf and correct it first.
          </li>
          <li>
            A line marked <em>Not on a shelf</em> has a SKU that matches none of your items. Press{' '}
            <strong>Link to an item</strong> to choose the item it is; Stockroom remembers the SKU,
            so the next order for it finds the item by itself. Or press{' '}
            <strong>Place on a shelf</strong> to add it as a new item, with the order&apos;s title
            and SKU, on the shelf you choose.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="data-management">
        <ul>
          <li>
            Import items from a CSV file on the Import screen. Every row is checked first (item
            name, quantity, room, isle, unit and shelf) and the import only runs if all rows are
            valid and fit within your plan.
          </li>
          <li>Export your inventory from the Export screen whenever you like.</li>
          <li>
            Your data is backed up daily, and each backup is kept for 3 days. On the Power and Elite
            plans you can restore a backup yourself.
          </li>
          <li>The activity log lists changes to your stock; you can clear it at any time.</li>
        </ul>
      </HelpSection>

      <HelpSection id="account-settings">
        <ul>
          <li>
            Settings holds your currency, date format, expiry reminders, colour scheme, barcode
            options, eBay country and whether moves need confirming.
          </li>
          <li>
            Change or cancel your plan under Settings, Subscription. Upgrades apply immediately; a
            move to Free takes effect at the end of the billing period.
          </li>
          <li>
            If a payment fails, a red banner shows the deadline. Update your card under Manage
            Billing before then, or the account moves to Free and data beyond its limits is
            permanently deleted.
          </li>
        </ul>
      </HelpSection>

      <section className="section" aria-labelledby="contact-title">
        <h2 id="contact-title">Still stuck?</h2>
        <p>
          <a href={`mailto:${supportEmail}`} data-testid="contact-support">
            Contact support
          </a>{' '}
          and tell us what you were trying to do and what you saw.
        </p>
      </section>
    </div>
  );
}
