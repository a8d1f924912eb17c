import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { parsePurchaseId, usePurchaseResult } from '../api/get-purchase-result.ts';
import { OpeningPlayer } from '../components/opening/opening-player.tsx';
import styles from '../components/opening/opening-player.module.css';

/** Where the opening may be entered from (spec §2); anything else goes to the list. */
const ENTRIES = new Set(['pack-detail', 'confirm-buy-product']);

interface EntryState {
  from?: string;
  purchaseId?: number | null;
}

/**
 * /gacha-animation (spec §2, §9): the result is loaded; with no cards → /. Entered from the pack page or the
 * confirm page it stays (and marks the history entry as played, so Back/Forward or a reload go to the list);
 * otherwise → /get-card-list. The opening itself is the OpeningPlayer (also the practice draw's); All skip, and
 * Next after the last card → /get-card-list.
 */
export function GachaAnimationPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [entry] = useState<EntryState>(() => (location.state as EntryState | null) ?? {});
  const allowed = ENTRIES.has(entry.from ?? '');
  const purchaseId = parsePurchaseId(entry.purchaseId != null ? String(entry.purchaseId) : null);
  const { data: result, isPending, isError } = usePurchaseResult(purchaseId);

  // Once entered, the history entry no longer counts as "coming from the purchase": Back/Forward and reloads
  // land on the list instead of replaying the opening (the router keeps its key and index in history.state).
  useEffect(() => {
    if (!allowed) return;
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.replaceState({ ...state, usr: { from: 'played', purchaseId: entry.purchaseId } }, '');
  }, [allowed, entry.purchaseId]);

  const listUrl = `/get-card-list?${new URLSearchParams({ c: String(result?.purchase_id ?? purchaseId ?? '') })}`;
  const toList = useCallback(() => navigate(listUrl, { replace: true }), [navigate, listUrl]);

  if (!allowed) return <Navigate to={listUrl} replace />;
  if (isPending) return <div className={styles.stage} aria-busy="true" />;
  if (isError || !result.cards.length) return <Navigate to="/" replace />;

  return (
    <OpeningPlayer
      title={result.title}
      cards={result.cards}
      movieStyle={result.movie_style}
      videos={result.videos}
      onFinish={toList}
    />
  );
}

export default GachaAnimationPage;
