import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AdminPaymentDetail } from '@gacha/contract/admin-payments';
import { formatJst, formatNumber } from '../../lib/format.ts';
import { useLang } from '../../lib/i18n.ts';
import { useCan } from '../../lib/me.ts';
import { MatchButton, RefundButton } from './payment-actions.tsx';
import { usePayment, yen } from './payment-query.ts';
import { PaymentStatus } from './payment-status.tsx';
import styles from './payments.module.css';
import { column } from '../../components/columns.tsx';
import { ListTable } from '../../components/list-table.tsx';

/**
 * /admin/payments/{id}: one payment (GET /api/admin/payments/{id}): what was paid, the gems it credited and how
 * much of them is left, its refund or its match by hand, and the provider's notifications about it. A succeeded
 * payment not yet refunded can be refunded (payments.refund); a pending bank transfer matched by hand
 * (payments.match). Without the permission the button is not there.
 */
export function PaymentPage() {
  const { t } = useTranslation(['payments', 'console']);
  const id = Number(useParams().id);
  const payment = usePayment(id);
  const can = useCan();
  const [done, setDone] = useState<string | null>(null);

  if (payment.isPending) return <p className="loading">{t('console:common.loading')}</p>;
  if (payment.isError)
    return (
      <>
        <h1>{t('detail.title', { id })}</h1>
        <p role="alert">{payment.error.message}</p>
        <Link to="/payments">{t('detail.back')}</Link>
      </>
    );
  const d = payment.data;
  const p = d.payment;
  const refundable = d.refund_options !== null && d.credit !== null;
  const matchable = p.method === 'bank' && p.status === 'pending';
  return (
    <>
      <p className={styles.back}>
        <Link to="/payments">{t('detail.back')}</Link>
      </p>
      <div className="page-head">
        <h1>{t('detail.title', { id: p.id })}</h1>
        <div className="actions">
          {refundable && can('payments.refund') ? <RefundButton detail={d} onDone={setDone} /> : null}
          {matchable && can('payments.match') ? <MatchButton detail={d} onDone={setDone} /> : null}
        </div>
      </div>
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      {!d.pii ? <p className="note note-warn">{t('list.masked')}</p> : null}
      <Summary detail={d} />
      <Credit detail={d} />
      {d.refund ? <Refund refund={d.refund} /> : null}
      {d.match ? <Match match={d.match} /> : null}
      <Events events={d.events} />
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Summary({ detail }: { detail: AdminPaymentDetail }) {
  const { t } = useTranslation(['payments', 'members']);
  const lang = useLang();
  const p = detail.payment;
  return (
    <section className="panel" aria-labelledby="pay-summary">
      <h2 id="pay-summary">{t('detail.summary')}</h2>
      <dl className={styles.facts}>
        <Row label={t('list.status')}>
          <PaymentStatus payment={p} />
        </Row>
        <Row label={t('detail.paymentId')}>
          <code>{p.payment_id}</code>
        </Row>
        <Row label={t('list.member')}>
          <Link to={`/members/${p.user_id}`}>#{p.user_id}</Link> {p.email}
        </Row>
        <Row label={t('list.method')}>
          {t(`members:methods.${p.method}`, { defaultValue: p.method })} · {p.provider}
        </Row>
        <Row label={t('list.yen')}>{yen(p.amount_yen, lang)}</Row>
        <Row label={t('list.gems')}>{formatNumber(p.gems, lang)}</Row>
        <Row label={t('list.ref')}>{p.provider_ref ? <code>{p.provider_ref}</code> : '—'}</Row>
        {p.method === 'bank' ? <Row label={t('list.holder')}>{p.holder_name ?? '—'}</Row> : null}
        {p.receipt_number ? <Row label={t('detail.receipt')}>{p.receipt_number}</Row> : null}
        {p.combini_code ? <Row label={t('detail.combini')}>{p.combini_code}</Row> : null}
        {p.failure_code ? <Row label={t('detail.failure')}>{p.failure_code}</Row> : null}
        <Row label={t('detail.created')}>{formatJst(p.created_at)}</Row>
        <Row label={t('detail.expires')}>{formatJst(p.expires_at)}</Row>
        <Row label={t('detail.settled')}>{formatJst(p.settled_at)}</Row>
      </dl>
    </section>
  );
}

function Credit({ detail }: { detail: AdminPaymentDetail }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  const c = detail.credit;
  return (
    <section className="panel" aria-labelledby="pay-credit">
      <h2 id="pay-credit">{t('detail.credit')}</h2>
      {c ? (
        <dl className={styles.facts}>
          <Row label={t('detail.credited')}>
            {formatNumber(c.gems, lang)} · {formatJst(c.credited_at)}
          </Row>
          <Row label={t('detail.unspent')}>
            <span data-testid="credit-unspent">{formatNumber(c.unspent, lang)}</span>
          </Row>
          <Row label={t('detail.spent')}>
            <span data-testid="credit-spent">{formatNumber(c.spent, lang)}</span>
          </Row>
          <Row label={t('detail.lotExpires')}>
            {formatJst(c.lot_expires_at)}
            {c.expired ? <span className="status pay-status-failed">{t('detail.expired')}</span> : null}
          </Row>
          {detail.refund_options ? (
            <Row label={t('detail.wouldRefund')}>
              {t('kinds.company_fault')}: {yen(detail.refund_options.company_fault, lang)} ·{' '}
              {t('kinds.legal_unused')}: {yen(detail.refund_options.legal_unused, lang)}
            </Row>
          ) : null}
        </dl>
      ) : (
        <p className="muted">{t('detail.notCredited')}</p>
      )}
    </section>
  );
}

function Refund({ refund }: { refund: NonNullable<AdminPaymentDetail['refund']> }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  return (
    <section className="panel" aria-labelledby="pay-refund">
      <h2 id="pay-refund">{t('detail.refund')}</h2>
      <dl className={styles.facts}>
        <Row label={t('list.status')}>
          <span className="status pay-status-refunded">{t(`refundStatus.${refund.status}`)}</span>
          {refund.failure_code ? <> {refund.failure_code}</> : null}
        </Row>
        <Row label={t('refund.kind')}>{t(`kinds.${refund.reason_kind}`)}</Row>
        <Row label={t('refund.reason')}>{refund.reason || '—'}</Row>
        <Row label={t('refund.amount')}>{yen(refund.amount_yen, lang)}</Row>
        <Row label={t('refund.reclaimed')}>{formatNumber(refund.gems_reclaimed, lang)}</Row>
        <Row label={t('detail.spent')}>{formatNumber(refund.gems_spent, lang)}</Row>
        <Row label={t('detail.providerRef')}>
          {refund.provider_refund_ref ? <code>{refund.provider_refund_ref}</code> : '—'} (
          {t('detail.attempt', { n: refund.attempt })})
        </Row>
        <Row label={t('detail.by')}>{refund.staff_email ?? t('detail.byProvider')}</Row>
        <Row label={t('detail.created')}>{formatJst(refund.created_at)}</Row>
        <Row label={t('detail.settled')}>{formatJst(refund.settled_at)}</Row>
      </dl>
    </section>
  );
}

function Match({ match }: { match: NonNullable<AdminPaymentDetail['match']> }) {
  const { t } = useTranslation('payments');
  const lang = useLang();
  return (
    <section className="panel" aria-labelledby="pay-match">
      <h2 id="pay-match">{t('detail.match')}</h2>
      <dl className={styles.facts}>
        <Row label={t('list.yen')}>{yen(match.amount_yen, lang)}</Row>
        <Row label={t('list.holder')}>{match.holder_name ?? '—'}</Row>
        <Row label={t('refund.reason')}>{match.reason}</Row>
        <Row label={t('detail.by')}>{match.staff_email ?? '—'}</Row>
        <Row label={t('detail.created')}>{formatJst(match.created_at)}</Row>
      </dl>
    </section>
  );
}

function Events({ events }: { events: AdminPaymentDetail['events'] }) {
  const { t } = useTranslation('payments');
  return (
    <section className="panel" aria-labelledby="pay-events">
      <h2 id="pay-events">{t('detail.events')}</h2>
      {events.length ? (
        <ListTable<AdminPaymentDetail['events'][number]>
          rows={events}
          caption={t('detail.events')}
          columns={[
            column('when', t('detail.eventWhen'), (e) => formatJst(e.received_at), 'nowrap'),
            column('type', t('detail.eventType'), (e) => <code>{e.type}</code>),
            column('provider', t('detail.eventProvider'), (e) => e.provider),
            column('id', t('detail.eventId'), (e) => <code className={styles.ref}>{e.event_id}</code>),
          ]}
        />
      ) : (
        <p className="muted">{t('detail.noEvents')}</p>
      )}
    </section>
  );
}
