import type { ReactNode } from 'react';

/** A table's header row: one column heading per name, in order. */
export function ColumnHeadings({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A wide table that scrolls sideways on narrow screens; it takes the focus so keyboard users
 * can reach and scroll it, and its label names it when they do.
 */
export function ScrollingTable({
  className,
  label,
  children,
}: {
  className: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className={className} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
