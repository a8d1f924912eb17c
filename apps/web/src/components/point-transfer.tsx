import { Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@gacha/client/components/table-head';
import {
  transferLoginSchema,
  transferPointSchema,
  type TransferResult,
  type TransferStatus,
} from '@gacha/contract/transfer';
import { State } from '../lib/api.ts';
import { focusFirstError } from '../lib/focus-first-error.ts';
import { formatDate, formatGems } from '../lib/format.ts';
import { currentLang, useCatalogue } from '../lib/i18n.ts';
import { schemaResolver } from '../lib/messages-resolver.ts';
import { linkPartner, transferPoints, transferStatusKey, useTransferStatus } from '../lib/point-transfer.ts';
import { queryClient } from '../lib/query-client.ts';
import { newRequestId } from '../lib/request-id.ts';
import { loadCurrentUser } from '../lib/session.ts';
import { useApiForm } from '../lib/use-api-form.ts';
import { AlertModal } from './alert-modal.tsx';
import { FormAlert, PasswordField, TextField } from './form.tsx';
import { GemIcon } from './currency-icons.tsx';
import { Modal } from './modal.tsx';
import styles from './point-transfer.module.css';

/**
 * Point transfer from the linked partner site (spec §1, §7), a section of Buy gems and of My page. Not linked:
 * the partner's login form (POST /user/transfer/login, errors.login_id). Linked: the account and its balance
 * there, an amount, a confirmation that makes the request id (so a repeated confirmation is one transfer), POST
 * /user/transfer/point (result '1' credited, '2' once the partner confirms; errors.point), and the latest
 * transfers with their status. Hidden when the shop offers no transfer.
 */
export function PointTransfer() {
  return (
    <Suspense fallback={<section className={`card ${styles.section}`} aria-busy="true" />}>
      <TransferSection />
    </Suspense>
  );
}

function TransferSection() {
  const { t } = useTranslation('transfer');
  const titleId = useId();
  const { data, isPending, isError, refetch } = useTransferStatus();
  if (isPending) return <section className={`card ${styles.section}`} aria-busy="true" />;
  if (data === null) return null; // no partner configured
  return (
    <section className={`card ${styles.section}`} aria-labelledby={titleId} id="point-transfer">
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      {isError || !data ? (
        <div role="alert" className={styles.error}>
          <p>{t('loadError')}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <p className={styles.lead}>
            {t('lead', { partner: data.partner_name })}{' '}
            <strong className={styles.rate}>{t('rate', { count: data.gems_per_point })}</strong>
          </p>
          {data.linked === '1' ? <MoveForm status={data} /> : <LinkForm partner={data.partner_name} />}
          <RecentTransfers status={data} />
        </>
      )}
    </section>
  );
}

interface LinkValues {
  login_id: string;
  password: string;
}

const linkResolver = schemaResolver<LinkValues>(transferLoginSchema, (v) => v);

/** The partner's login: once linked, the section shows the balance there. */
function LinkForm({ partner }: { partner: string }) {
  const { t } = useTranslation('transfer');
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm({
    defaultValues: { login_id: '', password: '' },
    resolver: linkResolver,
    send: (values: LinkValues) =>
      linkPartner({ login_id: values.login_id.trim(), password: values.password }),
    onSuccess: () => undefined, // the status in the answer replaces the form
    fields: ['login_id', 'password'],
  });
  const { errors } = form.formState;
  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.note}>{t('linkLead', { partner })}</p>
      {formMessage && <FormAlert>{formMessage}</FormAlert>}
      <TextField
        label={t('loginId', { partner })}
        type="email"
        autoComplete="off"
        spellCheck={false}
        required
        error={errors.login_id?.message}
        {...form.register('login_id')}
      />
      <PasswordField
        label={t('password', { partner })}
        autoComplete="off"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {t('link')}
      </button>
    </form>
  );
}

interface MoveValues {
  point: string;
}

/** The amount, its confirmation and the transfer. */
function MoveForm({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfer');
  const msg = useCatalogue();
  const [review, setReview] = useState<number | null>(null);
  const [done, setDone] = useState<TransferResult | null>(null);
  const requestId = useRef('');
  const partner = status.partner_name;
  const { form, formRef, onSubmit, pending, formMessage, setFormMessage } = useApiForm({
    defaultValues: { point: '' },
    resolver: schemaResolver<MoveValues>(
      transferPointSchema,
      (v) => ({ point: v.point.trim() }),
      // a valid amount above what the partner holds: said before asking (the partner has the last word)
      (v) => {
        const point = transferPointSchema.safeParse({ point: v.point.trim() });
        return point.success && point.data.point > status.point
          ? { point: msg('transfer_not_enough_points') }
          : {};
      },
    ),
    send: async (values: MoveValues) => {
      try {
        return await transferPoints(Number(values.point.trim()), requestId.current);
      } finally {
        setReview(null);
      }
    },
    onSuccess: (res) => {
      if (res.state !== State.ok) return;
      setDone(res);
      form.reset({ point: '' });
      void queryClient.invalidateQueries({ queryKey: transferStatusKey });
      void loadCurrentUser().catch(() => undefined); // the header's gems
    },
    fields: ['point'],
  });
  const { errors } = form.formState;

  // Move points: checks the amount, then asks; each confirmation is one request id
  const onReview = form.handleSubmit(
    (values) => {
      setFormMessage(null);
      requestId.current = newRequestId();
      setReview(Number(values.point.trim()));
    },
    (invalid) => focusFirstError(formRef.current, invalid),
  );

  return (
    <>
      <dl className={styles.account}>
        <div>
          <dt>{t('linkedAs')}</dt>
          <dd>{status.account_name}</dd>
        </div>
        <div>
          <dt>{t('balance', { partner })}</dt>
          <dd className="num" data-testid="partner-points">
            {t('points', { amount: formatGems(status.point) })}
          </dd>
        </div>
      </dl>
      <form ref={formRef} className={styles.move} onSubmit={onReview} noValidate>
        {formMessage && <FormAlert>{formMessage}</FormAlert>}
        <TextField
          label={t('amount')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('amountHint')}
          required
          error={errors.point?.message}
          {...form.register('point')}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('submit')}
        </button>
      </form>
      <Modal
        open={review !== null}
        title={t('confirmTitle')}
        onClose={() => setReview(null)}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setReview(null)}>
              {t('cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={pending}
              onClick={() => void onSubmit()}
              data-autofocus
            >
              {t('confirm')}
            </button>
          </>
        }
      >
        <dl className={styles.facts}>
          <div>
            <dt>{t('confirmPoints', { partner })}</dt>
            <dd className="num">{t('points', { amount: formatGems(review ?? 0) })}</dd>
          </div>
          <div className={styles.gain}>
            <dt>{t('confirmGems')}</dt>
            <dd>
              <GemIcon size={16} />
              <span className="num">+{formatGems((review ?? 0) * status.gems_per_point)}</span>
            </dd>
          </div>
        </dl>
      </Modal>
      <AlertModal
        open={done !== null}
        title={done?.result === '2' ? t('pendingTitle') : t('doneTitle')}
        onOk={() => setDone(null)}
      >
        <p>
          {done?.result === '2'
            ? t('donePending', { points: formatGems(done.transfer.point), partner })
            : t('doneCredited', { gems: formatGems(done?.transfer.gems ?? 0) })}
        </p>
      </AlertModal>
    </>
  );
}

/** The latest transfers with their status. */
function RecentTransfers({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('transfer');
  if (!status.transfers.length) return null;
  return (
    <div className={styles.recent}>
      <h3 className={styles.recentTitle}>{t('recent')}</h3>
      <table className={styles.table}>
        <TableHead
          columns={[
            t('date'),
            { label: t('pointsCol'), className: styles.right },
            { label: t('gemsCol'), className: styles.right },
            t('status'),
          ]}
        />
        <tbody>
          {status.transfers.map((row) => (
            <tr key={row.id}>
              <td className="num">{formatDate(row.created, currentLang())}</td>
              <td className={`num ${styles.right}`}>{formatGems(row.point)}</td>
              <td className={`num ${styles.right}`}>+{formatGems(row.gems)}</td>
              <td>
                <span className={`${styles.status} ${styles[row.status]}`}>
                  {t(`statuses.${row.status}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
