import { useId } from 'react';

/** Rank ids (spec §1): 1 White, 2 Bronze, 3 Silver, 4 Gold, 5 Rainbow (the highest). */
export const RANK_KEYS = ['white', 'bronze', 'silver', 'gold', 'rainbow'] as const;
export type RankKey = (typeof RANK_KEYS)[number];

export function rankKey(rank: number): RankKey {
  const i = Math.min(Math.max(Math.round(rank) || 1, 1), 5) - 1;
  return RANK_KEYS[i] ?? 'white';
}

const palettes: Record<Exclude<RankKey, 'rainbow'>, [string, string, string, string]> = {
  // light, mid, dark, star
  white: ['#ffffff', '#e9edf5', '#aab2c8', '#c3cad9'],
  bronze: ['#f6c89a', '#d48a4e', '#8a4b1f', '#fff1e0'],
  silver: ['#ffffff', '#cfd6e2', '#7d879c', '#ffffff'],
  gold: ['#fff2a8', '#ffc21a', '#b87400', '#fffbe6'],
};

interface RankIconProps {
  rank: number;
  size?: number;
  /** Accessible name; omit when the rank name is printed next to the icon. */
  title?: string;
  className?: string;
}

/** A faceted medal drawn in SVG, one colour scheme per rank. */
export function RankIcon({ rank, size = 28, title, className }: RankIconProps) {
  const id = useId().replace(/:/g, '');
  const key = rankKey(rank);
  const isRainbow = key === 'rainbow';
  const [light, mid, dark, star] = isRainbow ? ['#ffffff', '#ff5fa2', '#5a2bd6', '#ffffff'] : palettes[key];
  return (
    <svg
      viewBox="0 0 40 40"
      width={size}
      height={size}
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <defs>
        {isRainbow ? (
          <linearGradient id={`${id}f`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff4d6d" />
            <stop offset="0.25" stopColor="#ffb020" />
            <stop offset="0.5" stopColor="#2bd97a" />
            <stop offset="0.75" stopColor="#2ab7ff" />
            <stop offset="1" stopColor="#a64dff" />
          </linearGradient>
        ) : (
          <linearGradient id={`${id}f`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={light} />
            <stop offset="0.55" stopColor={mid} />
            <stop offset="1" stopColor={dark} />
          </linearGradient>
        )}
        <linearGradient id={`${id}r`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.75" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </linearGradient>
      </defs>
      {/* ribbon tails */}
      <path d="M13 26 L9 38 L15 35 L18 39 L20 28 Z" fill={isRainbow ? '#7b4dff' : dark} opacity="0.9" />
      <path d="M27 26 L31 38 L25 35 L22 39 L20 28 Z" fill={isRainbow ? '#ff2e7e' : dark} opacity="0.9" />
      {/* hexagonal medal */}
      <path
        d="M20 1.8 L35.5 10.7 L35.5 28.5 L20 37.4 L4.5 28.5 L4.5 10.7 Z"
        fill={`url(#${id}f)`}
        stroke={dark}
        strokeWidth="1.4"
      />
      <path d="M20 1.8 L35.5 10.7 L20 19.6 L4.5 10.7 Z" fill={`url(#${id}r)`} opacity="0.55" />
      <path
        d="M20 9.5 L22.6 15.6 L29.2 16.1 L24.2 20.4 L25.8 26.8 L20 23.3 L14.2 26.8 L15.8 20.4 L10.8 16.1 L17.4 15.6 Z"
        fill={star}
        stroke={dark}
        strokeWidth="1"
        strokeLinejoin="round"
      />
    </svg>
  );
}
