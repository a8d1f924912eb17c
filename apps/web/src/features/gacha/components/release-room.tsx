import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RoomStanding } from '@gacha/contract/rooms';
import { formatCountdown, formatDateTime, formatGems } from '../../../lib/format.ts';
import { useLang } from '../../../lib/i18n.ts';
import { useClock } from '../../../lib/use-now.ts';
import type { JoinStatus } from '../api/get-room.ts';
import { jstClockTime, NO_NEWS, roomNews, waitParts, type RoomNews } from '../room.ts';
import styles from './release-room.module.css';

interface ReleaseRoomProps {
  room: RoomStanding;
  /** Signed in; null while not known yet. */
  member: boolean | null;
  /** Where a guest signs in (and comes back to the pack). */
  loginPath: string;
  join: { status: JoinStatus; retry: () => void };
}

/**
 * The release room of a hot pack (docs/fairness.md § 10), beside the buy box: the lots left, live, and where the
 * member stands — what a guest gains by signing in, when the room opens, that the order is drawn at the start from
 * the committed seed, the place and the wait after the draw, the pass and its countdown when it is their turn, a
 * pass that ran out, a sale sold out. The important changes are told to screen readers (RoomAnnouncer).
 */
export function ReleaseRoom({ room, member, loginPath, join }: ReleaseRoomProps) {
  const { t } = useTranslation('gacha');
  const headingId = useId();
  const [params] = useSearchParams();
  const recordPath = `/pack-detail/room?${new URLSearchParams({ packId: params.get('packId') ?? '' })}`;

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="release-room">
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20">
            <path
              d="M6 21V4.5A1.5 1.5 0 0 1 7.5 3h9A1.5 1.5 0 0 1 18 4.5V21M3.5 21h17M14 12.5v.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.9"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h2 id={headingId} className={styles.title}>
          {t('room.title')}
        </h2>
        <p className={styles.lots}>
          <span className={styles.lotsLabel}>{t('room.lotsLeft')}</span>{' '}
          <strong className="num" data-testid="room-lots-left">
            {formatGems(room.lots_left)}
          </strong>
        </p>
      </div>

      {room.sold_out ? (
        <p className={styles.soldOut} data-testid="room-sold-out">
          {t('room.soldOut')}
        </p>
      ) : member === null ? null : member ? (
        <MemberStanding room={room} join={join} />
      ) : (
        <GuestView room={room} loginPath={loginPath} />
      )}

      <p className={styles.note}>
        <Link to={recordPath}>{t('roomRecord.link')}</Link>
      </p>

      <RoomAnnouncer room={room} />
    </section>
  );
}

/** The room's fingerprint of its seed, shown until the order is drawn. */
function Commitment({ value }: { value: string }) {
  const { t } = useTranslation('gacha');
  return (
    <dl className={styles.commitment}>
      <dt>{t('room.commitment')}</dt>
      <dd>
        <code className={styles.hash}>{value}</code>
      </dd>
    </dl>
  );
}

/** The room is open at `opens_at` (by the page's clock); once drawn it is open whatever the clock says. */
function useRoomOpen(room: RoomStanding): boolean {
  const opensAt = Date.parse(room.opens_at);
  return useClock((now) => room.drawn || opensAt <= now.getTime(), 1000, !room.drawn);
}

function GuestView({ room, loginPath }: { room: RoomStanding; loginPath: string }) {
  const { t } = useTranslation('gacha');
  const lang = useLang();
  const open = useRoomOpen(room);
  return (
    <>
      <p className={styles.lead}>{t('room.guestLead')}</p>
      {!open && (
        <p className={styles.note}>{t('room.guestOpensAt', { time: formatDateTime(room.opens_at, lang) })}</p>
      )}
      {!room.drawn && <Commitment value={room.commitment} />}
      <Link to={loginPath} className={`btn btn-primary btn-block ${styles.signIn}`}>
        {t('room.signIn')}
      </Link>
    </>
  );
}

function MemberStanding({ room, join }: Pick<ReleaseRoomProps, 'room' | 'join'>) {
  const { t } = useTranslation('gacha');
  const lang = useLang();
  const open = useRoomOpen(room);

  switch (room.standing) {
    case 'not_joined':
      if (!open) {
        return (
          <>
            <p className={styles.lead}>{t('room.opensAt', { time: formatDateTime(room.opens_at, lang) })}</p>
            <Commitment value={room.commitment} />
          </>
        );
      }
      if (join.status === 'failed') {
        return (
          <div className={styles.failed}>
            <p>{t('room.joinFailed')}</p>
            <button type="button" className="btn btn-secondary" onClick={join.retry}>
              {t('room.retry')}
            </button>
          </div>
        );
      }
      return (
        <p className={styles.lead}>{join.status === 'joining' ? t('room.joining') : t('room.guestLead')}</p>
      );
    case 'waiting':
      return room.drawn ? (
        <WaitingPlace room={room} />
      ) : (
        <>
          <p className={styles.lead}>{t('room.inRoom', { time: formatDateTime(room.starts_at, lang) })}</p>
          <Commitment value={room.commitment} />
        </>
      );
    case 'admitted':
      return <YourTurn expires={room.pass_expires_at ?? room.starts_at} />;
    case 'pass_expired':
      return <p className={styles.expired}>{t('room.expired')}</p>;
  }
}

/** An estimated wait in words: about N s, about N min. */
function waitText(t: TFunction<'gacha'>, seconds: number): string {
  const { unit, count } = waitParts(seconds);
  return t(unit === 'seconds' ? 'room.waitSeconds' : 'room.waitMinutes', { count });
}

function WaitingPlace({ room }: { room: RoomStanding }) {
  const { t } = useTranslation('gacha');
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>{t('room.place')}</dt>
          <dd className="num" data-testid="room-place">
            {t('room.placeValue', { place: formatGems(room.place ?? 0) })}
          </dd>
        </div>
        <div>
          <dt>{t('room.ahead')}</dt>
          <dd className="num" data-testid="room-ahead">
            {t('room.aheadValue', { ahead: formatGems(room.ahead ?? 0) })}
          </dd>
        </div>
        {room.wait_seconds !== null && !room.paused && (
          <div>
            <dt>{t('room.wait')}</dt>
            <dd className={`num ${styles.estimate}`} data-testid="room-wait">
              {waitText(t, room.wait_seconds)}
            </dd>
          </div>
        )}
      </dl>
      {room.paused ? (
        <p className={styles.paused}>{t('room.paused')}</p>
      ) : (
        <p className={styles.note}>{t('room.rate', { count: room.admit_per_minute })}</p>
      )}
    </>
  );
}

/** The member's turn: buy before the pass ends, with the time left (HH.MM.SS, as every countdown of the shop). */
function YourTurn({ expires }: { expires: string }) {
  const { t } = useTranslation('gacha');
  const end = Date.parse(expires);
  const left = useClock((now) => formatCountdown(end - now.getTime()));
  return (
    <div className={styles.turn} data-testid="room-turn">
      <p className={styles.turnTitle}>{t('room.admitted', { time: jstClockTime(expires) })}</p>
      <p className={styles.turnLeft} role="timer" aria-live="off">
        <span className={styles.turnLabel}>{t('room.passLeft')}</span>
        <span className="num">{left}</span>
      </p>
    </div>
  );
}

function newsText(t: TFunction<'gacha'>, news: RoomNews): string {
  switch (news.kind) {
    case 'soldOut':
      return t('room.soldOut');
    case 'admitted':
      return t('room.admitted', { time: jstClockTime(news.expires) });
    case 'place': {
      const place = t('room.news.place', { place: formatGems(news.place), ahead: formatGems(news.ahead) });
      return news.waitSeconds === null
        ? place
        : `${place} ${t('room.news.wait', { wait: waitText(t, news.waitSeconds) })}`;
    }
    default:
      return t(`room.news.${news.kind}`);
  }
}

/**
 * A polite live region with what matters of each pushed change (room.ts roomNews): the turn, a sale sold out, a
 * pause, a pass ran out, and the place now and then — not every step of it.
 */
function RoomAnnouncer({ room }: { room: RoomStanding }) {
  const { t } = useTranslation('gacha');
  const state = useRef(NO_NEWS);
  const [text, setText] = useState('');
  useEffect(() => {
    const { state: next, news } = roomNews(state.current, room, Date.now());
    state.current = next;
    if (news) setText(newsText(t, news));
  }, [room, t]);
  return (
    <p className="visually-hidden" role="status" data-testid="room-news">
      {text}
    </p>
  );
}
