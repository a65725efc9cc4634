import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { PLANS } from '../domain/plans';
import { getEnv } from '../lib/env';

const SECTIONS = [
  { id: 'getting-started', title: 'Getting Started' },
  { id: 'storage-management', title: 'Storage Management' },
  { id: 'inventory-management', title: 'Inventory Management' },
  { id: 'undo', title: 'Undo' },
  { id: 'low-stock', title: 'Low Stock and Acting on Many Items' },
  { id: 'ebay-integration', title: 'eBay Integration' },
  { id: 'picking-orders', title: 'Picking eBay Orders' },
  { id: 'data-management', title: 'Data Management' },
  { id: 'restore-and-label-one', title: 'Restore One Thing, Print One Label' },
  { id: 'reimport-scan-counting', title: 'Re-importing and Counting Scans' },
  { id: 'working-offline', title: 'Working Offline' },
  { id: 'team', title: 'Team' },
  { id: 'accounts-and-roles', title: 'Accounts and Roles' },
  { id: 'account-settings', title: 'Account & Settings' },
  { id: 'needs-connection', title: 'What Needs a Connection' },
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
        <p>
          On a tablet, install Stockroom as an app: in Chrome or Edge choose Install (or Add to Home
          screen), in Safari choose Share, then Add to Home Screen. Once it has opened, its screens
          open even where the Wi-Fi drops; saving a change still needs the connection.
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
            in its isle, the isle is removed too. You can undo a removal (see Undo).
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
            On the Power and Elite plans, scan barcodes to add many items at once. Scanning a code
            that is already in the scan list counts it (see Re-importing and Counting Scans).
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

      <HelpSection id="undo">
        <ul>
          <li>
            After you move items or delete an item, a shelf, a unit, an isle or a room, the message
            at the bottom right offers <strong>Undo</strong> for a few seconds. Press it (or tap it
            on a tablet) to put everything back exactly where it was: the same shelves, numbers and
            quantities.
          </li>
          <li>
            Missed it? The Activity Log shows an Undo button on your recent changes that can still
            be taken back.
          </li>
          <li>
            A change can be undone only while nothing else has changed the same things since. If an
            item was moved or edited in the meantime, Undo says which one and changes nothing.
          </li>
          <li>Undoing is recorded in the Activity Log too. Your plan&apos;s limits still apply.</li>
        </ul>
      </HelpSection>

      <HelpSection id="low-stock">
        <ul>
          <li>
            Give an item an optional reorder level in its Add or Edit dialog. When its quantity is
            at or below that level it is low on stock; at 0 it is out of stock, with or without a
            level.
          </li>
          <li>
            Low Stock in the menu lists those items, out of stock first and then fewest left, with
            the room, isle, unit and shelf each sits on. Edit one there to restock it or change its
            level; it leaves the list once it is above the level.
          </li>
          <li>
            The bell counts low and out-of-stock items beside expiry reminders. Each entry leads to
            Low Stock; dismissing one quiets it for 30 days, unless the item sells down further.
          </li>
          <li>
            On Products, tick the box on each row you want (hold Shift to take every row between two
            ticks; Space ticks the focused box), or the box in the header for every row shown. With
            a filter typed, Select all matching takes every item the filter finds.
          </li>
          <li>
            The bar above the table then moves the chosen items to one shelf, opens Barcode Labels
            with them chosen, exports them as a CSV file with the same columns as Export (it imports
            back), or deletes them after asking.
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
          <li>
            The activity log lists changes to your stock and who made each one: &quot;You&quot; for
            your own, a team member&apos;s e-mail address for theirs. You can clear it at any time.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="restore-and-label-one">
        <ul>
          <li>
            Deleted one item, shelf or unit by mistake? Under Settings, Backups, press Restore one
            thing beside a backup. It lists what that backup holds that is no longer in your
            stockroom; search it by name and press Restore. It comes back where it was (a shelf at
            its old number, a unit with its shelves and items), and nothing else changes.
          </li>
          <li>
            If its place is gone too, choose a shelf: an item goes on it, a shelf goes last into its
            unit, a unit goes last into its isle. Your plan&apos;s limits still apply, and if
            something changed since the backup (say an item of that unit is now on another shelf),
            the restore stops and tells you what. Restoring needs the Power or Elite plan.
          </li>
          <li>
            To print one item&apos;s label, press Label on its row in Products, Print label in the
            item&apos;s ⋯ menu on the Inventory, or Print label in its edit dialog. The Barcode
            Labels screen opens with that item alone; pick the layout and, on a part-used sheet, the
            label to start at, then Print. An item without a barcode can get one there with Generate
            barcodes.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="reimport-scan-counting">
        <ul>
          <li>
            Import a file again to update your stock. A row matches one of your items by its SKU, or
            by its barcode when the SKU matches nothing. When some rows match, the preview asks
            whether to <strong>update matching items and add the rest</strong> or{' '}
            <strong>add all as new</strong>.
          </li>
          <li>
            The preview shows each row as Add, Update (with every field that changes, old → new) or
            Error. When updating, only the cells a row fills in change the item: an empty cell
            leaves that field as it is, and a row without a room, isle, unit and shelf leaves the
            item where it is.
          </li>
          <li>
            A SKU or barcode that matches two of your items, or two rows that match the same item,
            is an error: fix the file and choose it again. As always, nothing is imported until
            every row is right, and only the rows that add items count towards your plan.
          </li>
          <li>
            In Bulk Scan, scanning a code already in the list adds one to its quantity and says so
            (for example &ldquo;Blue mug ×3&rdquo;). Tick <strong>One per code</strong> to have a
            repeat scan refused instead.
          </li>
          <li>
            When you scan a code you already have on a shelf, the row shows where it is and offers{' '}
            <strong>Add to that item</strong> (its quantity goes up when the scans are saved) or{' '}
            <strong>New item here</strong>.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="working-offline">
        <ul>
          <li>
            Once you have opened your inventory on a device, Stockroom keeps a copy of your rooms,
            items and settings on it. With no Wi-Fi, it still opens, even after a reload: the
            Inventory, Products and Bulk Scan show your items, and search finds them by name or
            barcode.
          </li>
          <li>
            Changes you make offline are kept too: moves, quantity changes, edits, new items, bulk
            scans and put-away show at once, and the top of the screen says how many are waiting
            (for example "3 changes waiting"). Tap it to see them in order. They stay through a
            reload or the tablet going to sleep.
          </li>
          <li>
            Back online, Stockroom sends them in the order you made them, with the same checks and
            plan limits as always, then every screen fetches your latest data again by itself.
          </li>
          <li>
            If one can no longer be made (say the item was deleted on another computer meanwhile),
            the top of the screen says a change needs your decision: open it to see what happened,
            then discard the change or try it again. Nothing is thrown away without asking you.
          </li>
          <li>
            Signing out deletes the copy from that device. Another person signing in on the same
            browser never sees your items.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="team">
        <ul>
          <li>
            On Growing, Power and Elite your helpers work in your stockroom with their own sign-in.
            Seats include you: Growing 2, Power 5, Elite 10. A pending invitation takes a seat until
            it is accepted, withdrawn or expires (after 7 days).
          </li>
          <li>
            Open Team, enter their e-mail address, choose a role and press Send invitation. A{' '}
            <strong>Picker</strong> sees the stockroom, moves, scans and puts away, adjusts
            quantities and picks orders; a <strong>Manager</strong> can also build and delete
            storage, import, export and restore, but not change billing or the eBay connection.
          </li>
          <li>
            They get an e-mail with a link. New helpers choose a name and password; then they land
            in your inventory. Someone who already has an account just accepts.
          </li>
          <li>
            Resend mails a pending invitation again (and gives it 7 more days); Withdraw frees its
            seat. Change a member's role in their row, or Remove them: they lose access at once.
          </li>
          <li>
            To hand your account over, press Make owner in a member&apos;s row and confirm: they
            become the owner (billing and the eBay connection are theirs), you stay as a manager.
            If it was your own stockroom, you also get a new, empty one of your own.
          </li>
          <li>
            A manager or picker can leave an account under Team, Leave this account. Invitations
            to you show at the top of the dashboard.
          </li>
        </ul>
      </HelpSection>

      <HelpSection id="accounts-and-roles">
        <p>
          When a seller adds you to their team, you work in their stockroom: the header shows the
          account's name and your role, and its plan is the one that counts. If you belong to more
          than one account, choose which one you work in with the <strong>Account</strong> menu in
          the header; send any changes waiting on this device first.
        </p>
        <ul>
          <li>
            <strong>Owner</strong>: everything, including billing and the eBay connection.
          </li>
          <li>
            <strong>Manager</strong>: everything except billing, the eBay connection and deleting
            the account.
          </li>
          <li>
            <strong>Picker</strong>: sees the stockroom, moves items, scans and puts away, adjusts
            quantities, picks orders and undoes changes. Building or removing storage, deleting
            items, import, export, backups, billing and settings are not shown.
          </li>
        </ul>
        <p>
          If the owner removes you, your next action tells you so and you are back in your own
          stockroom.
        </p>
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

      <HelpSection id="needs-connection">
        <p>
          Some things talk to Stripe, eBay or our servers and cannot wait on the device. While your
          tablet or computer is offline, each of these screens says so in one plain sentence and its
          buttons wait, with &ldquo;Needs a connection&rdquo; beside them:
        </p>
        <ul>
          <li>Billing: checkout, changing or cancelling your plan, Manage Billing.</li>
          <li>
            eBay: connecting or disconnecting, listings, orders, the eBay inventory and Mark picked.
          </li>
          <li>Import: checking and importing a file (a preview already shown stays).</li>
          <li>Backups: backing up, restoring, restoring one thing and downloading.</li>
          <li>Account: your password and two-factor authentication.</li>
        </ul>
        <p>
          What you typed stays where it is. When the connection is back the buttons work again,
          without reloading the page.
        </p>
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
