import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PracticeResult } from '@gacha/contract/pack-fairness';
import { RarityBadge } from '../../../components/rarity-badge.tsx';
import { formatGems } from '../../../lib/format.ts';
import { OpeningPlayer } from '../components/opening/opening-player.tsx';
import { PracticeBadge } from '../components/practice-badge.tsx';
import { usePracticeCall } from '../use-practice-call.ts';
import styles from './practice-page.module.css';

interface PracticeState {
  result?: PracticeResult;
}

/**
 * /practice-draw?packId (guests too): a practice draw's opening — the real one, labelled
 * PRACTICE throughout — then what it drew, said again to be a practice: nothing bought, paid or kept. The
 * result comes in the navigation's state from the pack page's button; without one the page offers to start a
 * practice draw. Practise again draws anew (and plays again).
 */
export function PracticePage() {
  const { t } = useTranslation('gacha');
  const location = useLocation();
  const [params] = useSearchParams();
  const packId = params.get('packId') ?? '';
  const initial = (location.state as PracticeState | null)?.result;
  const [result, setResult] = useState<PracticeResult | null>(
    initial && String(initial.pack_id) === packId ? initial : null,
  );
  const [stage, setStage] = useState<'opening' | 'summary'>('opening');
  const [round, setRound] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const practice = usePracticeCall((r) => {
    setResult(r);
    setStage('opening');
    setRound((n) => n + 1);
  });
  const back = `/pack-detail?${new URLSearchParams({ packId })}`;

  // the summary takes the focus, so that keyboard and screen-reader users land on what it says
  useEffect(() => {
    if (stage === 'summary') headingRef.current?.focus();
  }, [stage]);

  if (!/^\d{1,9}$/.test(packId)) return <Navigate to="/" replace />;

  if (!result) {
    return (
      <div className="page page-narrow">
        <div className={`card ${styles.panel}`}>
          <h1 className="page-title">
            {t('practice.startTitle')} <PracticeBadge />
          </h1>
          <p className={styles.lead}>{t('practice.startLead')}</p>
          {practice.message && (
            <p className={styles.error} role="alert">
              {practice.message}
            </p>
          )}
          <p className={styles.actions}>
            <button
              type="button"
              className="btn btn-primary"
              disabled={practice.isPending}
              onClick={() => practice.send(Number(packId))}
            >
              {t('practice.start')}
            </button>
            <Link to={back} className="btn btn-secondary">
              {t('practice.back')}
            </Link>
          </p>
        </div>
      </div>
    );
  }

  if (stage === 'opening') {
    return (
      <OpeningPlayer
        key={round}
        practice
        badge={<PracticeBadge onDark />}
        title={result.title}
        cards={result.cards}
        movieStyle={result.movie_style}
        videos={result.videos}
        onFinish={() => setStage('summary')}
      />
    );
  }

  return (
    <div className="page">
      <div className={`card ${styles.panel}`} data-testid="practice-summary">
        <h1 className="page-title" tabIndex={-1} ref={headingRef}>
          {t('practice.resultTitle')} <PracticeBadge />
        </h1>
        <p className={styles.packName}>{result.title}</p>
        <p className={styles.notice} role="note">
          {t('practice.resultLead', { count: result.count, pool: result.pool })}
        </p>
        <ul className={styles.cards}>
          {result.cards.map((c, i) => (
            <li key={i} className={styles.card}>
              <span className={styles.cardPractice} aria-hidden="true">
                {t('practice.badge')}
              </span>
              {c.image ? <img src={c.image} alt="" className={styles.image} loading="lazy" /> : null}
              <span className={styles.cardText}>
                <RarityBadge rarity={c.rarity} label={c.rarity_label} />
                {c.is_last_one === '1' && <span className={styles.lastOne}>{t('cards.lastOne')}</span>}
                <span className={styles.cardName}>{c.name}</span>
                {c.action_type !== '2' && (
                  <span className={styles.worth}>
                    {t('opening.worth', { gems: formatGems(c.buy_point) })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
        <details className={styles.seed}>
          <summary>{t('practice.seed')}</summary>
          <code>{result.seed}</code>
        </details>
        {practice.message && (
          <p className={styles.error} role="alert">
            {practice.message}
          </p>
        )}
        <p className={styles.actions}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={practice.isPending}
            onClick={() =>
              practice.send(result.pack_id, result.cards.filter((c) => c.is_last_one !== '1').length)
            }
          >
            {t('practice.again')}
          </button>
          <Link to={back} className="btn btn-secondary">
            {t('practice.buy')}
          </Link>
        </p>
        <p className={styles.muted}>{t('practice.limitNote')}</p>
      </div>
    </div>
  );
}

export default PracticePage;
