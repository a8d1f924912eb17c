import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackVideo } from '@gacha/contract/draws';
import {
  bestRarity,
  FLIP_DELAY_MS,
  FLIP_MS,
  introDuration,
  rarityTier,
  sceneFor,
  START_DELAY_MS,
  VIDEO_START_TIMEOUT_MS,
  videoFor,
} from '../../opening.ts';
import { useReducedMotion } from '../../use-reduced-motion.ts';
import { CardReveal, type CardStage, type OpeningCard } from './card-reveal.tsx';
import { IntroScene } from './intro-scene.tsx';
import { OpeningSound } from './sound.ts';
import styles from './opening-player.module.css';

type Phase = 'ready' | 'starting' | 'intro' | 'cards';

export interface OpeningPlayerProps {
  title: string;
  cards: readonly OpeningCard[];
  movieStyle: number;
  videos: readonly PackVideo[];
  /** All skip, or Next after the last card. */
  onFinish: () => void;
  /** A practice draw: labelled as one on the stage and on the tap overlay. */
  practice?: boolean;
  /** Shown in the top bar beside the title (the practice label). */
  badge?: ReactNode;
}

/**
 * The opening (spec §2, §9), for a purchase and for a practice draw alike. A tap on the overlay starts it 300 ms
 * later with sound: an uploaded video for the best rarity and the movie_style when one is configured (the pack's
 * own first, opening.ts), played unmuted in a <video>, else — or when the video fails to load or play — the
 * app's own animation. Then each card flips 300 ms after it mounts (a tap turns it at once) and shows its info;
 * Skip finishes the current step, Next goes on, All skip (and Next after the last card) calls onFinish.
 */
export function OpeningPlayer({
  title,
  cards,
  movieStyle,
  videos,
  onFinish,
  practice,
  badge,
}: OpeningPlayerProps) {
  const { t } = useTranslation('gacha');
  const reduced = useReducedMotion();
  const [phase, setPhase] = useState<Phase>('ready');
  const [index, setIndex] = useState(0);
  const [stage, setStage] = useState<CardStage>('down');
  const [instant, setInstant] = useState(false);
  const [muted, setMuted] = useState(false);
  const [videoFailed, setVideoFailed] = useState(false);
  const sound = useRef<OpeningSound | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    sound.current = new OpeningSound();
    return () => sound.current?.close();
  }, []);

  const best = bestRarity(cards);
  const tier = rarityTier(best);
  const scene = sceneFor(movieStyle);
  const video = videoFailed ? undefined : videoFor(best, movieStyle, videos);
  const duration = introDuration(tier, reduced);

  const start = () => {
    if (phase !== 'ready') return;
    sound.current?.unlock(); // inside the tap: the browser allows sound from here on
    const el = videoRef.current;
    if (el) {
      // inside the tap, so that the unmuted play 300 ms later is allowed everywhere (iOS grants it per element
      // to one played from a gesture): start and stop at once, then rewind
      el.muted = muted;
      el.play()
        .then(() => {
          el.pause();
          el.currentTime = 0;
        })
        .catch(() => undefined); // the pause below aborts it; a real failure shows at the proper play
      el.pause();
    }
    setPhase('starting');
  };

  // 300 ms after the tap the opening starts
  useEffect(() => {
    if (phase !== 'starting') return undefined;
    const timer = window.setTimeout(() => setPhase('intro'), START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  // the intro: a video plays to its end; the built-in animation runs for its tier's duration
  useEffect(() => {
    if (phase !== 'intro') return undefined;
    if (video) {
      const el = videoRef.current;
      if (!el) {
        setVideoFailed(true);
        return undefined;
      }
      let started = false;
      const onPlaying = () => {
        started = true;
      };
      el.addEventListener('playing', onPlaying);
      el.currentTime = 0;
      el.muted = muted; // spec §2: the video is unmuted (unless the member turned the sound off)
      el.play().catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'NotAllowedError' && !el.muted) {
          // a browser that still refuses sound: play it silently rather than not at all
          el.muted = true;
          setMuted(true);
          sound.current?.setMuted(true);
          el.play().catch(() => setVideoFailed(true));
        } else if (!(err instanceof DOMException && err.name === 'AbortError')) {
          setVideoFailed(true);
        }
      });
      // a video that never starts (slow network, a stalled file) gives way to the built-in animation
      const watchdog = window.setTimeout(() => {
        if (!started) setVideoFailed(true);
      }, VIDEO_START_TIMEOUT_MS);
      return () => {
        window.clearTimeout(watchdog);
        el.removeEventListener('playing', onPlaying);
      };
    }
    sound.current?.intro(tier, duration);
    const timer = window.setTimeout(() => setPhase('cards'), duration + 250);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, video]);

  // each card: face down, flips 300 ms after it mounts, its info after the flip
  useEffect(() => {
    if (phase !== 'cards') return undefined;
    setStage('down');
    setInstant(false);
    const card = cards[index];
    const flip = window.setTimeout(() => {
      setStage('flipping');
      if (card) sound.current?.flip(rarityTier(card.rarity));
    }, FLIP_DELAY_MS);
    const open = window.setTimeout(() => setStage('open'), FLIP_DELAY_MS + (reduced ? 0 : FLIP_MS));
    return () => {
      window.clearTimeout(flip);
      window.clearTimeout(open);
    };
  }, [phase, index, cards, reduced]);

  // keyboard users keep their place: the main action takes the focus when the cards start
  useEffect(() => {
    if (phase === 'cards' || phase === 'intro') actionRef.current?.focus({ preventScroll: true });
  }, [phase]);

  const turnNow = () => {
    if (stage === 'open') return;
    if (stage === 'down') {
      const card = cards[index];
      if (card) sound.current?.flip(rarityTier(card.rarity));
    }
    setInstant(true);
    setStage('open');
  };

  const next = () => {
    if (index + 1 < cards.length) setIndex(index + 1);
    else onFinish();
  };

  const toggleSound = () => {
    const m = !muted;
    setMuted(m);
    sound.current?.setMuted(m);
    if (videoRef.current) videoRef.current.muted = m;
  };

  const card = cards[index];
  const isLast = index + 1 >= cards.length;

  return (
    <div className={styles.stage} data-phase={phase} data-practice={practice || undefined}>
      <h1 className="visually-hidden">{practice ? t('practice.openingTitle') : t('opening.title')}</h1>
      <div className={styles.topBar}>
        <p className={styles.packTitle}>{title}</p>
        {badge}
        <button
          type="button"
          className={styles.iconButton}
          onClick={toggleSound}
          aria-pressed={!muted}
          aria-label={t('opening.sound')}
          title={muted ? t('opening.soundOff') : t('opening.soundOn')}
        >
          {muted ? (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
              <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
              <path
                d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
                stroke="currentColor"
                strokeWidth="2"
                fill="none"
                strokeLinecap="round"
              />
            </svg>
          )}
        </button>
      </div>

      <div className={styles.body}>
        {phase !== 'cards' && video && (
          // mounted (hidden under the overlay) before the tap, so it loads meanwhile and the tap can unlock it
          <video
            ref={videoRef}
            className={styles.video}
            data-ready={phase === 'ready' ? '' : undefined}
            src={video}
            playsInline
            preload="auto"
            onEnded={() => setPhase('cards')}
            onError={() => setVideoFailed(true)}
            aria-label={t('opening.videoLabel')}
            data-testid="opening-video"
          />
        )}
        {phase === 'intro' && !video && (
          <IntroScene tier={tier} scene={scene} durationMs={duration} reduced={reduced} />
        )}

        {phase === 'cards' && card && (
          <div className={styles.cards}>
            <CardReveal
              key={index}
              card={card}
              index={index}
              total={cards.length}
              stage={stage}
              instant={instant}
              reduced={reduced}
              onTap={turnNow}
            />
          </div>
        )}

        {phase === 'ready' && (
          <button
            type="button"
            className={styles.tapOverlay}
            onClick={start}
            autoFocus
            data-testid="tap-to-open"
          >
            <span className={styles.tapOrb} aria-hidden="true" />
            <span className={styles.tapText}>{t('opening.tap')}</span>
            <span className={styles.tapSub}>
              {practice
                ? t('practice.tapSub', { count: cards.length })
                : t('opening.tapSub', { count: cards.length })}
            </span>
          </button>
        )}
      </div>

      {phase !== 'ready' && (
        <div className={styles.bottomBar}>
          {phase === 'cards' ? (
            <button
              ref={actionRef}
              type="button"
              className={`btn btn-primary ${styles.main}`}
              onClick={stage === 'open' ? next : turnNow}
            >
              {stage !== 'open'
                ? t('opening.skip')
                : !isLast
                  ? t('opening.next')
                  : practice
                    ? t('practice.toResult')
                    : t('opening.toList')}
            </button>
          ) : (
            <button
              ref={actionRef}
              type="button"
              className={`btn btn-primary ${styles.main}`}
              onClick={() => setPhase('cards')}
            >
              {t('opening.skip')}
            </button>
          )}
          {/* after Skip/Next in the tab order (the step before the whole), drawn to its left by the bar's
              row-reverse */}
          <button type="button" className={`btn ${styles.ghost}`} onClick={onFinish}>
            {t('opening.skipAll')}
          </button>
        </div>
      )}
    </div>
  );
}
