import type { CSSProperties } from 'react';

const PATHS = { left: 'M15 5l-7 7 7 7', right: 'M9 5l7 7-7 7', down: 'M6 9l6 6 6-6' } as const;

/** The chevron of carousel arrows and show/hide toggles. Decorative: the button around it carries the label. */
export function ChevronIcon({
  direction,
  size = 22,
  weight = 2.6,
  className,
  style,
}: {
  direction: keyof typeof PATHS;
  size?: number;
  weight?: number;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      className={className}
      style={style}
    >
      <path
        d={PATHS[direction]}
        fill="none"
        stroke="currentColor"
        strokeWidth={weight}
        strokeLinecap="round"
      />
    </svg>
  );
}
