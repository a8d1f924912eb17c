import { useId } from 'react';

/** The gem currency icon. */
export function GemIcon({ size = 18 }: { size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#49ecff" />
          <stop offset="0.55" stopColor="#7b4dff" />
          <stop offset="1" stopColor="#ff3d9a" />
        </linearGradient>
      </defs>
      <path d="M5 9 L8.5 4 L15.5 4 L19 9 L12 21 Z" fill={`url(#${id})`} />
      <path d="M5 9 L19 9 L12 21 Z" fill="#000" opacity="0.15" />
      <path d="M8.5 4 L10.5 9 L12 4 Z M15.5 4 L13.5 9 L12 4 Z" fill="#fff" opacity="0.55" />
    </svg>
  );
}

/** The coin currency icon: a gold coin with a C. */
export function CoinIcon({ size = 18 }: { size?: number }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff1a6" />
          <stop offset="0.5" stopColor="#ffc21a" />
          <stop offset="1" stopColor="#d98500" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="10" fill={`url(#${id})`} stroke="#b86e00" strokeWidth="1.2" />
      <circle cx="12" cy="12" r="7" fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth="1" />
      <path
        d="M15.2 9.3 A4.2 4.2 0 1 0 15.2 14.7"
        fill="none"
        stroke="#8a4f00"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
