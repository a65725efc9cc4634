import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';

export function HomePage() {
  useDocumentTitle('');
  return (
    <div className="page" data-testid="home-page">
      <section className="hero hero--with-picture" aria-labelledby="home-title">
        <div className="hero__text">
          <span className="badge">For eBay and marketplace sellers</span>
          <h1 id="home-title">Know exactly where every item you sell is stored</h1>
          <p className="lead">
            Stockroom maps your real storage (rooms, isles, units and numbered shelves) and keeps
            every item on its shelf, so picking an order takes seconds instead of a search.
          </p>
          <div className="hero__actions">
            <Link to="/signup" className="button button--primary">
              Start free
            </Link>
            <Link to="/features" className="button button--secondary">
              See the features
            </Link>
          </div>
        </div>
        {/* A picture costs the page no script: sized so nothing moves when it arrives, fetched
            lazily and at low priority so it never holds up the first paint. */}
        <figure className="hero__picture">
          <img
            src="/product-inventory.webp"
            width={960}
            height={614}
            loading="lazy"
            decoding="async"
            fetchPriority="low"
            alt="The Stockroom inventory: rooms as tabs, isles of colour-coded units, numbered shelves with their items, and a search panel listing recently added items with their shelf."
            data-testid="home-picture"
          />
        </figure>
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="steps">
          <li>
            <h3>Model your space</h3>
            <p>Add rooms, then isles, then bays, boxes, cabinets and bins with numbered shelves.</p>
          </li>
          <li>
            <h3>Put items on shelves</h3>
            <p>Add items one at a time, scan barcodes in bulk, or import a spreadsheet.</p>
          </li>
          <li>
            <h3>Find and move them</h3>
            <p>Search by name or barcode, and drag items to a new shelf when things change.</p>
          </li>
          <li>
            <h3>Connect eBay</h3>
            <p>Drop your eBay listings onto shelves and see orders next to where stock lives.</p>
          </li>
        </ol>
      </section>

      <section className="section grid grid--three" aria-label="Highlights">
        <div className="card">
          <h2>Built for resellers</h2>
          <p>Quantities, SKUs, barcodes, prices paid and expiry dates on every item.</p>
        </div>
        <div className="card">
          <h2>Nothing slips</h2>
          <p>Expiry reminders, an activity log of every change, and daily backups.</p>
        </div>
        <div className="card">
          <h2>Grows with you</h2>
          <p>
            Start on the free plan and upgrade when you need more room.{' '}
            <Link to="/pricing">Compare plans</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}
