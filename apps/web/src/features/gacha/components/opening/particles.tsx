import { useEffect, useRef } from 'react';
import type { Tier } from '../../opening.ts';

interface ParticlesProps {
  tier: Tier;
  /** Fires a burst each time this changes to a new truthy value. */
  trigger: number;
  className?: string;
  /** Fewer particles for the per-card burst. */
  scale?: number;
}

const PALETTES: Record<Tier, (i: number) => string> = {
  common: () => '#ffffff',
  glow: (i) => (i % 2 ? '#7fd6ff' : '#ffffff'),
  gold: (i) => ['#fff2a8', '#ffc21a', '#ffe27a', '#ffffff'][i % 4]!,
  rainbow: (i) => `hsl(${(i * 37) % 360} 95% 65%)`,
  legendary: (i) => ['#ffd84d', '#ffffff', '#ff5fa2', '#ffb020', '#c9a2ff'][i % 5]!,
};

const COUNTS: Record<Tier, number> = { common: 0, glow: 36, gold: 90, rainbow: 140, legendary: 220 };

interface P {
  x: number;
  y: number;
  vx: number;
  vy: number;
  life: number;
  max: number;
  size: number;
  color: string;
  spin: number;
  star: boolean;
}

/** A canvas burst of sparks from the centre: more, faster and more colourful for better tiers. */
export function Particles({ tier, trigger, className, scale = 1 }: ParticlesProps) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const count = Math.round(COUNTS[tier] * scale);
    if (!canvas || !trigger || count === 0) return undefined;
    const ctx = canvas.getContext('2d');
    if (!ctx) return undefined;
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    const rect = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    ctx.scale(dpr, dpr);
    const w = rect.width;
    const h = rect.height;
    const speed = Math.min(w, h) / 90;
    const palette = PALETTES[tier];
    const parts: P[] = Array.from({ length: count }, (_, i) => {
      const angle = Math.random() * Math.PI * 2;
      const v = speed * (0.6 + Math.random() * (tier === 'legendary' ? 2.2 : 1.6));
      const max = 60 + Math.random() * 70;
      return {
        x: w / 2,
        y: h / 2,
        vx: Math.cos(angle) * v,
        vy: Math.sin(angle) * v - speed * 0.6,
        life: 0,
        max,
        size: 1.5 + Math.random() * (tier === 'legendary' ? 4 : 3),
        color: palette(i),
        spin: Math.random() * Math.PI,
        star: i % 3 === 0,
      };
    });
    let frame = 0;
    const draw = () => {
      ctx.clearRect(0, 0, w, h);
      let alive = 0;
      for (const p of parts) {
        if (p.life >= p.max) continue;
        alive++;
        p.life++;
        p.vx *= 0.975;
        p.vy = p.vy * 0.975 + speed * 0.035;
        p.x += p.vx;
        p.y += p.vy;
        p.spin += 0.1;
        const alpha = 1 - p.life / p.max;
        ctx.globalAlpha = alpha;
        ctx.fillStyle = p.color;
        if (p.star) {
          const s = p.size * 1.8;
          ctx.save();
          ctx.translate(p.x, p.y);
          ctx.rotate(p.spin);
          ctx.beginPath();
          for (let k = 0; k < 4; k++) {
            ctx.lineTo(0, -s);
            ctx.rotate(Math.PI / 4);
            ctx.lineTo(0, -s * 0.3);
            ctx.rotate(Math.PI / 4);
          }
          ctx.closePath();
          ctx.fill();
          ctx.restore();
        } else {
          ctx.beginPath();
          ctx.arc(p.x, p.y, p.size, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      ctx.globalAlpha = 1;
      if (alive > 0) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
    };
  }, [tier, trigger, scale]);

  return <canvas ref={ref} className={className} aria-hidden="true" />;
}
