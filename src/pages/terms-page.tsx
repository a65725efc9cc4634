import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { getEnv } from '../lib/env';

export function TermsPage() {
  useDocumentTitle('Terms');
  const { supportEmail } = getEnv();
  return (
    <article className="page prose" data-testid="terms-page">
      <h1>Terms of Service</h1>
      <p className="lead">
        The short version: Stockroom helps you organise your stock; you stay responsible for your
        stock and your marketplace accounts.
      </p>

      <h2>1. The service</h2>
      <p>
        Stockroom is a web application for organising physical stock into rooms, isles, units and
        shelves, with optional eBay and Stripe integrations. We may improve or change features; we
        will not remove something you pay for during a billing period without telling you.
      </p>

      <h2>2. Your account</h2>
      <p>
        You need a valid e-mail address and a password. Keep your password private; you are
        responsible for what happens under your account. One account belongs to one seller.
      </p>

      <h2>3. Plans and payment</h2>
      <ul>
        <li>
          Plans differ in how many items, units and rooms you can store and which features you can
          use. The current plans are on the <Link to="/pricing">pricing page</Link>.
        </li>
        <li>Paid plans are billed in advance through Stripe.</li>
        <li>
          Upgrades and changes between paid plans apply immediately. Moving to the Free plan cancels
          your subscription at the end of the current billing period, and a cancelled subscription
          can be reactivated before then.
        </li>
      </ul>

      <h2>4. Overdue payments</h2>
      <p>
        If a payment fails, your subscription becomes overdue and the app shows a red banner with a
        deadline. Update your card under Manage Billing before that date. If payment is not received
        by the deadline, your account is moved to the Free plan and items, rooms and units beyond
        the Free plan's limits are <strong>permanently deleted</strong>. Export your data first if
        you are unsure.
      </p>

      <h2>5. Your data</h2>
      <p>
        Your data stays yours. We process it only to provide the service, as described in the{' '}
        <Link to="/privacy">Privacy Policy</Link>. Deleting rooms, units or items is permanent.
        Backups are taken daily and kept for 3 days; they are a safety net, not an archive.
      </p>

      <h2>6. eBay</h2>
      <p>
        Connecting eBay lets Stockroom read your listings, orders and inventory. Your use of eBay is
        governed by eBay's own terms. eBay limits how often data can be fetched, so Stockroom may
        show cached data for a few minutes between refreshes.
      </p>

      <h2>7. Acceptable use</h2>
      <p>
        Do not use Stockroom to break the law, to attack or overload the service, or to access other
        people's data.
      </p>

      <h2>8. Liability</h2>
      <p>
        We work hard to keep Stockroom available and your data safe, but the service is provided as
        it is. To the extent the law allows, we are not liable for lost sales or stock records
        arising from its use; our total liability is limited to what you paid us in the previous
        twelve months.
      </p>

      <h2>9. Ending your account</h2>
      <p>
        You can stop using Stockroom at any time. To close your account and delete your data, e-mail{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </article>
  );
}
