import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { getEnv } from '../lib/env';

export function PrivacyPage() {
  useDocumentTitle('Privacy');
  const { supportEmail } = getEnv();
  return (
    <article className="page prose" data-testid="privacy-page">
      <h1>Privacy Policy</h1>
      <p className="lead">
        Stockroom stores what it needs to run your inventory, nothing more, and never sells your
        data.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your e-mail address and a hashed password. Your display
          name is the part of your e-mail address before the @.
        </li>
        <li>
          <strong>Your storage and inventory:</strong> rooms, isles, units and shelves you create,
          and your items with their names, quantities, barcodes, SKUs, prices paid and expiry dates.
        </li>
        <li>
          <strong>Your activity log:</strong> a record of changes such as items added, moved,
          updated, removed or imported, with your e-mail address and the time. You can clear it in
          the dashboard.
        </li>
        <li>
          <strong>Your preferences:</strong> currency, date format, expiry reminder settings, colour
          scheme, barcode and eBay options.
        </li>
        <li>
          <strong>Your subscription:</strong> your plan and its status. Card details are handled by
          Stripe and never reach our servers.
        </li>
        <li>
          <strong>eBay connection:</strong> if you connect eBay, the access and refresh tokens eBay
          issues, their expiry time, and the listings, orders and inventory we fetch for you.
        </li>
      </ul>

      <h2>Why we store it</h2>
      <p>
        Only to provide the service you use: showing and organising your stock, sending expiry
        reminders in the app, keeping backups, enforcing your plan's limits and billing you. We do
        not use your data for advertising and do not sell or rent it.
      </p>

      <h2>Who processes it for us</h2>
      <ul>
        <li>
          <strong>Supabase</strong> hosts our database and sign-in service. Every table is protected
          so that each account can only read and change its own rows.
        </li>
        <li>
          <strong>Netlify</strong> serves the web app and runs the small server functions that talk
          to eBay and Stripe.
        </li>
        <li>
          <strong>Stripe</strong> takes card payments and manages subscriptions.
        </li>
        <li>
          <strong>eBay</strong>, only if you connect your seller account, to read your listings,
          orders and inventory.
        </li>
      </ul>

      <h2>eBay tokens</h2>
      <p>
        eBay tokens are stored against your account and used only by our server functions to call
        eBay on your behalf. Disconnecting eBay in Integrations deletes them immediately; you can
        also revoke Stockroom's access from your eBay account settings.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Your data is kept while your account exists.</li>
        <li>Backups are taken daily and each one is kept for 3 days.</li>
        <li>
          Items, rooms and units you delete are deleted permanently; they can only come back from a
          backup taken before the deletion, while it is still kept.
        </li>
        <li>
          If a payment is overdue and not received by the deadline shown in the app, the account is
          moved to the Free plan and items, rooms and units beyond the Free plan's limits are
          permanently deleted. See the <Link to="/terms">Terms</Link>.
        </li>
      </ul>

      <h2>Cookies and local storage</h2>
      <p>
        We use your browser's local storage to keep you signed in, to remember dismissed expiry
        reminders for 30 days and to cache recently fetched eBay data. We use no advertising or
        tracking cookies.
      </p>

      <h2>Your rights</h2>
      <p>
        You can export your inventory at any time from the dashboard. To get a copy of all your
        data, correct it, or have your account and data deleted, e-mail{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </article>
  );
}
