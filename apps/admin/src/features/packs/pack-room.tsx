import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { adminRoomOpenSchema, type AdminRoom } from '@gacha/contract/admin-rooms';
import { adminRoomRoute, openRoomRoute, pauseRoomRoute } from '@gacha/contract/routes/admin-rooms';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { call, isOk, unwrap } from '../../lib/api.ts';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { catalogue, schemaResolver, useApiForm, useSubmit } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import styles from './pack-room.module.css';

/** How often the page reads the room again: its counts are live. */
export const ROOM_LIVE_MS = 2000;

export const packRoomKey = (id: number) => ['admin', 'pack-room', id] as const;

/** The open form's values as typed. */
type RoomValues = { minutes_before: string; admit_per_minute: string; pass_seconds: string };
const ROOM_FIELDS = ['minutes_before', 'admit_per_minute', 'pass_seconds'] as const;
export const ROOM_DEFAULTS: RoomValues = {
  minutes_before: '60',
  admit_per_minute: '100',
  pass_seconds: '300',
};

const int = (v: string) => (v.trim() === '' ? undefined : Number(v));
const roomPayload = (v: RoomValues) => ({
  minutes_before: int(v.minutes_before),
  admit_per_minute: int(v.admit_per_minute),
  pass_seconds: int(v.pass_seconds),
});

type RoomState = 'paused' | 'waiting' | 'admitting' | 'closed';

/** Where a room stands: closed once its seed is out or the pack sold out; paused; before the draw; admitting. */
function roomState(room: AdminRoom): RoomState {
  if (room.seed !== null || room.sold_out) return 'closed';
  if (room.paused) return 'paused';
  return room.drawn ? 'admitting' : 'waiting';
}

const STATE_LABEL: Record<RoomState, ParseKeys<'console'>> = {
  paused: 'packs.room.statePaused',
  waiting: 'packs.room.stateWaiting',
  admitting: 'packs.room.stateAdmitting',
  closed: 'packs.room.stateClosed',
};
const STATE_CLASS: Record<RoomState, string> = {
  paused: 'status-open',
  waiting: 'status-before',
  admitting: 'status-on_sale',
  closed: 'status-ended',
};

/**
 * /admin/packs/{id}, Release room (docs/fairness.md § 10): a pack's room (GET /api/admin/packs/{id}/room, read
 * every 2 s) with its settings, commitment, seed once revealed and its members counted live; Pause / Resume
 * admission (POST …/room/pause). A pack without one gets the form that opens it (POST …/room) while its sale is
 * ahead. The writes are there only for catalogue.write; a reader sees the room, or that there is none.
 */
export function PackRoom({ packId, startAt }: { packId: number; startAt: string }) {
  const { t } = useTranslation('console');
  const can = useCan();
  const canWrite = can('catalogue.write');
  const queryClient = useQueryClient();
  const titleId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const room = useQuery({
    queryKey: packRoomKey(packId),
    queryFn: async () => unwrap(await call(adminRoomRoute, { params: { id: packId } })).room,
    refetchInterval: ROOM_LIVE_MS,
  });
  const show = (next: AdminRoom | null) => queryClient.setQueryData(packRoomKey(packId), next);
  // a room opens only before the sale starts (the server answers room_too_late after)
  const canOpen = canWrite && Date.parse(startAt) > Date.now();

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('packs.room.title')}</h2>
      {room.data || (room.data === null && canOpen) ? (
        <p className="field-hint">{t('packs.room.intro')}</p>
      ) : null}
      <div role="status">{notice ? <p className="success">{notice}</p> : null}</div>
      {room.isPending ? <p className="loading">{t('common.loading')}</p> : null}
      {room.isError ? <p role="alert">{room.error.message}</p> : null}
      {room.data ? <RoomView room={room.data} canWrite={canWrite} onChange={show} /> : null}
      {room.data === null ? (
        canOpen ? (
          <OpenRoomForm
            packId={packId}
            onOpened={(opened) => {
              setNotice(t('packs.room.opened'));
              show(opened);
            }}
          />
        ) : (
          <>
            <p className="muted" data-testid="no-room">
              {t('packs.room.none')}
            </p>
            {canWrite ? <p className="note">{t('packs.room.tooLate')}</p> : null}
          </>
        )
      ) : null}
    </section>
  );
}

/** Opens the pack's room: when members may join, how many are admitted a minute, how long a pass lasts. */
function OpenRoomForm({ packId, onOpened }: { packId: number; onOpened: (room: AdminRoom | null) => void }) {
  const { t } = useTranslation('console');
  const headingId = useId();
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<
    RoomValues,
    { room: AdminRoom | null }
  >({
    defaultValues: ROOM_DEFAULTS,
    resolver: schemaResolver<RoomValues>(adminRoomOpenSchema, roomPayload),
    send: (v) => call(openRoomRoute, { params: { id: packId }, body: roomPayload(v) }),
    fields: ROOM_FIELDS,
    onSuccess: (res) => onOpened(res.room),
  });
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId}>{t('packs.room.openTitle')}</h3>
      <p className="note">{t('packs.room.openNote')}</p>
      <FormMessage message={formMessage} />
      <div className="grid">
        <FormField
          label={t('packs.room.minutesBefore')}
          hint={t('packs.room.minutesBeforeHint')}
          error={errors.minutes_before?.message}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              max={1440}
              step={1}
              inputMode="numeric"
              {...register('minutes_before')}
            />
          )}
        </FormField>
        <FormField
          label={t('packs.room.admitPerMinute')}
          hint={t('packs.room.admitPerMinuteHint')}
          error={errors.admit_per_minute?.message}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={1}
              max={100000}
              step={1}
              inputMode="numeric"
              {...register('admit_per_minute')}
            />
          )}
        </FormField>
        <FormField
          label={t('packs.room.passSeconds')}
          hint={t('packs.room.passSecondsHint')}
          error={errors.pass_seconds?.message}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              min={60}
              max={3600}
              step={1}
              inputMode="numeric"
              {...register('pass_seconds')}
            />
          )}
        </FormField>
      </div>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {t('packs.room.open')}
        </button>
      </div>
    </form>
  );
}

/** A room: its state (and Pause / Resume for catalogue.write), settings, live counts, commitment and seed. */
function RoomView({
  room,
  canWrite,
  onChange,
}: {
  room: AdminRoom;
  canWrite: boolean;
  onChange: (room: AdminRoom | null) => void;
}) {
  const { t } = useTranslation('console');
  const lang = useLang();
  const countsId = useId();
  const [actionError, setActionError] = useState<string | null>(null);
  const state = roomState(room);
  const n = (v: number) => formatNumber(v, lang);

  const pause = useSubmit({
    mutationFn: (paused: 0 | 1) => call(pauseRoomRoute, { params: { id: room.pack_id }, body: { paused } }),
    onSuccess: (res) => {
      if (!isOk(res)) return setActionError(res.message ?? catalogue('server_error'));
      setActionError(null);
      onChange(res.room);
    },
    onError: () => setActionError(catalogue('server_error')),
  });

  const counts: Array<[ParseKeys<'console'>, string, string]> = [
    ['packs.room.joined', 'joined', n(room.joined)],
    ['packs.room.waiting', 'waiting', n(room.waiting)],
    ['packs.room.admitted', 'admitted', n(room.admitted)],
    ['packs.room.bought', 'bought', n(room.bought)],
    ['packs.room.left', 'left', n(room.left)],
    ['packs.room.admittedPlaces', 'admitted-places', n(room.admitted_places)],
    ['packs.room.lotsLeft', 'lots-left', n(room.lots_left)],
    ['packs.room.soldOut', 'sold-out', room.sold_out ? t('common.yes') : t('common.no')],
  ];

  return (
    <>
      <div className={styles.state}>
        <div role="status">
          <span className={`status ${STATE_CLASS[state]}`} data-testid="room-state">
            {t(STATE_LABEL[state])}
          </span>
        </div>
        {canWrite && state !== 'closed' ? (
          <button type="button" disabled={pause.isPending} onClick={() => pause.send(room.paused ? 0 : 1)}>
            {room.paused ? t('packs.room.resume') : t('packs.room.pause')}
          </button>
        ) : null}
      </div>
      <div role="alert">{actionError ? <p className="form-message">{actionError}</p> : null}</div>

      <dl className={`summary ${styles.stats}`} aria-label={t('packs.room.settings')}>
        <div>
          <dt>{t('packs.room.opensAt')}</dt>
          <dd className="small">{formatJst(room.opens_at)}</dd>
        </div>
        <div>
          <dt>{t('packs.room.startsAt')}</dt>
          <dd className="small">{formatJst(room.starts_at)}</dd>
        </div>
        <div>
          <dt>{t('packs.room.rate')}</dt>
          <dd className="small">{t('packs.room.rateValue', { rate: n(room.admit_per_minute) })}</dd>
        </div>
        <div>
          <dt>{t('packs.room.pass')}</dt>
          <dd className="small">{t('packs.room.passValue', { seconds: n(room.pass_seconds) })}</dd>
        </div>
        <div>
          <dt>{t('packs.room.drawn')}</dt>
          <dd className="small">{room.drawn ? t('packs.room.drawnYes') : t('packs.room.drawnNo')}</dd>
        </div>
      </dl>

      <h3 id={countsId}>{t('packs.room.counts')}</h3>
      <dl className={`summary ${styles.stats}`} aria-labelledby={countsId}>
        {counts.map(([label, id, value]) => (
          <div key={id}>
            <dt>{t(label)}</dt>
            <dd data-testid={`room-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="field-hint">{t('packs.room.liveNote')}</p>

      <dl className={styles.proof}>
        <div>
          <dt>{t('packs.room.commitment')}</dt>
          <dd className="mono" data-testid="room-commitment">
            {room.commitment}
          </dd>
        </div>
        <div>
          <dt>{t('packs.room.seed')}</dt>
          {room.seed ? (
            <dd className="mono" data-testid="room-seed">
              {room.seed}
            </dd>
          ) : (
            <dd className={styles.sealed}>{t('packs.room.seedSealed')}</dd>
          )}
        </div>
      </dl>
    </>
  );
}
