import { Link } from 'react-router-dom';

export function BrandMark({ className = 'brand__mark' }: { className?: string }) {
  // Boilerplate: each icon is its own drawing; only the svg frame looks alike.
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#1d4ed8" />
      <path
        d="M7 12h18v13H7zM7 12l3-5h12l3 5"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M7 18h18M16 12v13" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}

/** The product name linking home; used in every layout. */
export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label="Stockroom home">
      <BrandMark />
      <span>Stockroom</span>
    </Link>
  );
}
