import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { minimumPlanFor, type PlanFeature } from '../domain/plans';

interface Feature {
  title: string;
  body: string;
  /** Set when only some plans include it (docs/product.md#plans). */
  gatedBy?: PlanFeature;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Your storage, modelled',
    body: 'Rooms hold isles, isles hold units (bays, boxes, cabinets and bins) and units hold numbered shelves. Shelf and isle numbers stay tidy as you add and remove them.',
  },
  {
    title: 'Items on shelves',
    body: 'Every item has a name, quantity and shelf, with optional barcode, SKU, price paid and expiry date.',
  },
  {
    title: 'Bulk barcode scanning',
    body: 'Scan item after item and add them all at once; a barcode scanned twice is caught before it is added.',
    gatedBy: 'barcode_scanning',
  },
  {
    title: 'Spreadsheet import and export',
    body: 'Import items from a CSV file; every row is checked against your rooms, isles, units and shelves first, and nothing is saved unless the whole file is valid. Export whenever you like.',
  },
  {
    title: 'Drag-and-drop moves',
    body: 'Drag items to another shelf, even in another room, with an optional confirmation step.',
  },
  {
    title: '3D view',
    body: 'Walk through each room in 3D and arrange isles and units as they stand.',
    gatedBy: 'view_3d',
  },
  {
    title: 'eBay listings',
    body: 'Connect your eBay seller account and drop active listings onto shelves to create the items there.',
    gatedBy: 'listings',
  },
  {
    title: 'eBay orders',
    body: 'See your eBay orders next to where the ordered items are stored.',
    gatedBy: 'orders',
  },
  {
    title: 'Barcode labels',
    body: 'Print barcode labels for your items so they scan straight back into Stockroom.',
  },
  {
    title: 'Expiry reminders',
    body: 'Get reminded 30, 60 or 90 days before items expire, or once they have, with each reminder switchable.',
  },
  {
    title: 'Activity log',
    body: 'A record of every item added, moved, updated, removed and imported, and of storage changes.',
  },
  {
    title: 'Colour schemes',
    body: 'Tell bays, boxes, cabinets and bins apart at a glance with a built-in scheme or your own colours.',
  },
  {
    title: 'Backups',
    body: 'Your data is backed up daily and each backup is kept for 3 days.',
  },
  {
    title: 'Restore from backup',
    body: 'Put your stockroom back the way it was from one of the kept backups yourself.',
    gatedBy: 'restore_backup',
  },
];

function availability(feature: Feature): string {
  if (!feature.gatedBy) return 'Every plan';
  const plan = minimumPlanFor(feature.gatedBy);
  return plan.id === 'elite' ? `${plan.name} plan` : `${plan.name} plan and above`;
}

export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <div className="page" data-testid="features-page">
      <h1>Features</h1>
      <p className="lead">
        Everything a reseller needs to know what they have and where it is, from a single shelf to
        ten rooms.
      </p>
      <div className="grid section">
        {FEATURES.map((feature) => (
          <section key={feature.title} className="card" aria-label={feature.title}>
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
            <p className="badge">{availability(feature)}</p>
          </section>
        ))}
      </div>
      <p className="section">
        <Link to="/pricing">Compare plans and limits</Link>
      </p>
    </div>
  );
}
