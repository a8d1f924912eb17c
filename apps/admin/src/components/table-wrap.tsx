import type { ReactNode } from 'react';

/**
 * A table's scrolling frame (narrow screens scroll the wide tables sideways): focusable, so the keyboard can scroll
 * it too, and named — by `label` (the table's caption) or `labelledBy` (the section's heading).
 */
export function TableWrap({
  label,
  labelledBy,
  className,
  children,
}: {
  label?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `table-wrap ${className}` : 'table-wrap'}
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
