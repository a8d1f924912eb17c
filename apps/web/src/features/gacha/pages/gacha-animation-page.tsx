import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parsePurchaseId, usePurchaseResult } from '../api/get-purchase-result.ts';
import { CardReveal, type CardStage } from '../components/opening/card-reveal.tsx';
import { IntroScene } from '../components/opening/intro-scene.tsx';
import { OpeningSound } from '../components/opening/sound.ts';
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
} from '../opening.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';
import styles from './gacha-animation-page.module.css';

type Phase = 'ready' | 'starting' | 'intro' | 'cards';

/** Where the opening may be entered from (spec §2); anything else goes to the list. */
const ENTRIES = new Set(['pack-detail', 'confirm-buy-product']);

interface EntryState {
  from?: string;
  purchaseId?: number | null;
}

/**
 * /gacha-animation (spec §2, §9): the result is loaded; with no cards → /. Entered from the pack page or the
 * confirm page it stays (and marks the history entry as played, so Back/Forward or a reload go to the list);
 * otherwise → /get-card-list. A tap on the overlay starts the opening 300 ms later with sound: an uploaded
 * video for the best rarity and the movie_style when one is configured (the pack's own first, opening.ts),
 * played unmuted in a <video>, else — or when the video fails to load or play — the app's own animation. Then
 * each card flips 300 ms after it mounts (a tap turns it at once) and shows its info; Skip finishes the current
 * step, Next goes on, All skip → /get-card-list.
 */
export function GachaAnimationPage() {
  const { t } = useTranslation('gacha');
  const navigate = useNavigate();
  const location = useLocation();
  const reduced = useReducedMotion();
  const [entry] = useState<EntryState>(() => (location.state as EntryState | null) ?? {});
  const allowed = ENTRIES.has(entry.from ?? '');
  const purchaseId = parsePurchaseId(entry.purchaseId != null ? String(entry.purchaseId) : null);
  const { data: result, isPending, isError } = usePurchaseResult(purchaseId);

  const [phase, setPhase] = useState<Phase>('ready');
  const [index, setIndex] = useState(0);
  const [stage, setStage] = useState<CardStage>('down');
  const [instant, setInstant] = useState(false);
  const [muted, setMuted] = useState(false);
  const [videoFailed, setVideoFailed] = useState(false);
  const sound = useRef<OpeningSound | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);

  // Once entered, the history entry no longer counts as "coming from the purchase": Back/Forward and reloads
  // land on the list instead of replaying the opening (the router keeps its key and index in history.state).
  useEffect(() => {
    if (!allowed) return;
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.replaceState({ ...state, usr: { from: 'played', purchaseId: entry.purchaseId } }, '');
  }, [allowed, entry.purchaseId]);

  useEffect(() => {
    sound.current = new OpeningSound();
    return () => sound.current?.close();
  }, []);

  const cards = useMemo(() => result?.cards ?? [], [result]);
  const best = bestRarity(cards);
  const tier = rarityTier(best);
  const scene = sceneFor(result?.movie_style ?? 0);
  const video = videoFailed ? undefined : videoFor(best, result?.movie_style ?? 0, result?.videos ?? []);
  const duration = introDuration(tier, reduced);
  const listUrl = `/get-card-list?${new URLSearchParams({ c: String(result?.purchase_id ?? purchaseId ?? '') })}`;

  const toList = useCallback(() => navigate(listUrl, { replace: true }), [navigate, listUrl]);

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
    else toList();
  };

  const toggleSound = () => {
    const m = !muted;
    setMuted(m);
    sound.current?.setMuted(m);
    if (videoRef.current) videoRef.current.muted = m;
  };

  if (!allowed) return <Navigate to={listUrl} replace />;
  if (isPending) return <div className={styles.stage} aria-busy="true" />;
  if (isError || !cards.length) return <Navigate to="/" replace />;

  const card = cards[index];
  const isLast = index + 1 >= cards.length;

  return (
    <div className={styles.stage} data-phase={phase}>
      <h1 className="visually-hidden">{t('opening.title')}</h1>
      <div className={styles.topBar}>
        <p className={styles.packTitle}>{result.title}</p>
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
            <span className={styles.tapSub}>{t('opening.tapSub', { count: cards.length })}</span>
          </button>
        )}
      </div>

      {phase !== 'ready' && (
        <div className={styles.bottomBar}>
          <button type="button" className={`btn ${styles.ghost}`} onClick={toList}>
            {t('opening.skipAll')}
          </button>
          {phase === 'cards' ? (
            <button
              ref={actionRef}
              type="button"
              className={`btn btn-primary ${styles.main}`}
              onClick={stage === 'open' ? next : turnNow}
            >
              {stage !== 'open' ? t('opening.skip') : isLast ? t('opening.toList') : t('opening.next')}
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
        </div>
      )}
    </div>
  );
}

export default GachaAnimationPage;
