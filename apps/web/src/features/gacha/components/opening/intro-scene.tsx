import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scene, Tier } from '../../opening.ts';
import { Particles } from './particles.tsx';
import styles from './opening.module.css';

export const REVEAL_AT = 0.78;

interface IntroSceneProps {
  tier: Tier;
  scene: Scene;
  durationMs: number;
  reduced: boolean;
}

/**
 * The app's own opening (CSS keyframes and a canvas): the scene's object (capsule, foil pack, chest, crystal,
 * portal or vault, by movie_style) floats in, shakes harder as it charges and bursts at 78 % of the run. The tier
 * of the best card decides the light: plain white, a blue glow, a gold burst with rays, a rainbow, or the
 * legendary screen flash with a shake and a storm of particles. Reduced motion: a still glow, no flash or shake.
 */
export function IntroScene({ tier, scene, durationMs, reduced }: IntroSceneProps) {
  const { t } = useTranslation('gacha');
  const [burst, setBurst] = useState(0);

  useEffect(() => {
    if (reduced) return undefined;
    const timer = window.setTimeout(() => setBurst(Date.now()), durationMs * REVEAL_AT);
    return () => window.clearTimeout(timer);
  }, [durationMs, reduced]);

  const caption = tier === 'common' ? '' : t(`opening.caption.${tier}`);
  const style = { '--intro-ms': `${durationMs}ms`, '--hue': scene.hue } as CSSProperties;

  return (
    <div
      className={styles.scene}
      data-tier={tier}
      data-shape={scene.shape}
      data-reduced={reduced || undefined}
      style={style}
      data-testid="opening-scene"
    >
      <div className={styles.backdrop} />
      <div className={styles.rays} />
      <div className={styles.rings}>
        <span />
        <span />
        <span />
      </div>
      <div className={styles.object}>
        <div className={styles.core} />
        <div className={styles.partB} />
        <div className={styles.partA} />
      </div>
      {!reduced && <Particles tier={tier} trigger={burst} className={styles.particles} />}
      <div className={styles.flash} />
      {caption && (
        <p className={styles.caption} aria-hidden="true">
          {caption}
        </p>
      )}
    </div>
  );
}
