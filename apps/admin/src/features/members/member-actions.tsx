import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminCoinChangeSchema,
  adminGemChangeSchema,
  adminReasonSchema,
  adminSmsResetSchema,
  type AdminMemberDetail,
} from '@gacha/contract/admin-members';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import type { Route } from '@gacha/contract/route';
import {
  deductCoinsRoute,
  deductGemsRoute,
  endSessionsRoute,
  grantCoinsRoute,
  grantGemsRoute,
  resetSmsRoute,
  suspendMemberRoute,
  unsuspendMemberRoute,
} from '@gacha/contract/routes/admin-members';
import { call } from '../../lib/api.ts';
import { catalogueTexts, langs, message, type Lang } from '@gacha/contract/messages';
import { formatNumber } from '../../lib/format.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useLang } from '../../lib/i18n.ts';
import { formatCoins, memberKey, newRequestId, parseCoins, parseWhole } from './member-query.ts';
import styles from './members.module.css';

export const ACTIONS = [
  'gems-grant',
  'gems-deduct',
  'coins-grant',
  'coins-deduct',
  'suspend',
  'unsuspend',
  'sessions-end',
  'sms-reset',
] as const;
export type MemberAction = (typeof ACTIONS)[number];

/** Each action's call, its contract schemas, and what the staff member types besides the reason. */
const CALLS: Record<
  MemberAction,
  { route: Route; body: z.ZodType; amount?: 'gems' | 'coins'; danger?: boolean }
> = {
  'gems-grant': {
    route: grantGemsRoute,
    body: adminGemChangeSchema,
    amount: 'gems',
  },
  'gems-deduct': {
    route: deductGemsRoute,
    body: adminGemChangeSchema,
    amount: 'gems',
    danger: true,
  },
  'coins-grant': {
    route: grantCoinsRoute,
    body: adminCoinChangeSchema,
    amount: 'coins',
  },
  'coins-deduct': {
    route: deductCoinsRoute,
    body: adminCoinChangeSchema,
    amount: 'coins',
    danger: true,
  },
  suspend: { route: suspendMemberRoute, body: adminReasonSchema, danger: true },
  unsuspend: { route: unsuspendMemberRoute, body: adminReasonSchema },
  'sessions-end': {
    route: endSessionsRoute,
    body: adminReasonSchema,
    danger: true,
  },
  'sms-reset': {
    route: resetSmsRoute,
    body: adminSmsResetSchema,
    danger: true,
  },
};

/**
 * The actions on a member, for a role with members.write (the page leaves them out otherwise): grant or deduct
 * gems or coins, suspend or unsuspend, end all sessions, reset the SMS verification. Each opens a dialog that
 * needs a reason (kept in the audit row); a gem or coin change carries a request id made when the dialog opens
 * and sent with every submit of it, so a double submit or a retry after a lost answer changes the balance once.
 * The server's refusals (a deduction past the balance) come in the staff member's language, under the amount.
 */
export function MemberActions({
  detail,
  onDone,
}: {
  detail: AdminMemberDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('members');
  const [open, setOpen] = useState<MemberAction | null>(null);
  const { member } = detail;
  const groups: Array<['gems' | 'coins' | 'account', MemberAction[]]> = [
    ['gems', ['gems-grant', 'gems-deduct']],
    ['coins', ['coins-grant', 'coins-deduct']],
    ['account', [member.suspended_at ? 'unsuspend' : 'suspend', 'sessions-end', 'sms-reset']],
  ];
  return (
    <section className={styles.actionsBar} aria-label={t('actions.label')}>
      {groups.map(([group, actions]) => (
        <div key={group} role="group" aria-labelledby={`actions-${group}`} className={styles.actionGroup}>
          <span id={`actions-${group}`} className={styles.groupLabel}>
            {t(`actions.groups.${group}`)}
          </span>
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'suspend' ? 'button-danger' : undefined}
              onClick={() => setOpen(action)}
            >
              {t(`actions.${action}.button`)}
            </button>
          ))}
        </div>
      ))}
      <Modal
        open={open !== null}
        title={open ? t(`actions.${open}.title`, { id: member.id }) : ''}
        onClose={() => setOpen(null)}
      >
        {(close) =>
          open ? (
            <ActionForm
              action={open}
              detail={detail}
              close={close}
              onDone={(message) => {
                onDone(message);
                close();
              }}
            />
          ) : null
        }
      </Modal>
    </section>
  );
}

type Values = { amount: string; reason: string; release_phone: boolean };

/**
 * The server's "the balance is {balance}" refusal names the balance as a bare integer (coin tenths for coins):
 * staff read it as the page shows balances ('1,500' gems, '1,200.0' coins), in the same words of the catalogue.
 */
export function readableRefusal(
  text: string | undefined,
  unit: 'gems' | 'coins',
  lang: Lang,
): string | undefined {
  if (!text) return text;
  for (const l of langs) {
    const [before, after] = catalogueTexts[l].admin_deduct_exceeds.split('{{balance}}') as [string, string];
    if (!text.startsWith(before) || !text.endsWith(after)) continue;
    const raw = text.slice(before.length, text.length - after.length);
    if (!/^\d+$/.test(raw)) continue;
    const n = Number(raw);
    return message('admin_deduct_exceeds', l, {
      balance: unit === 'coins' ? formatCoins(n, lang) : formatNumber(n, lang),
    });
  }
  return text;
}

function ActionForm({
  action,
  detail,
  close,
  onDone,
}: {
  action: MemberAction;
  detail: AdminMemberDetail;
  close: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(['members', 'console']);
  const lang = useLang();
  const queryClient = useQueryClient();
  const { member } = detail;
  const spec = CALLS[action];
  // one id for this opening of the dialog: every submit of it sends the same one
  const [requestId] = useState(newRequestId);

  const payload = (v: Values): Record<string, unknown> => {
    const reason = v.reason.trim();
    if (spec.amount === 'gems') {
      const amount = v.amount.trim() === '' ? undefined : (parseWhole(v.amount) ?? NaN);
      return { amount, reason, request_id: requestId };
    }
    if (spec.amount === 'coins') {
      const tenths = v.amount.trim() === '' ? undefined : (parseCoins(v.amount) ?? NaN);
      return { tenths, reason, request_id: requestId };
    }
    if (action === 'sms-reset') return { reason, release_phone: v.release_phone ? 1 : 0 };
    return { reason };
  };

  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, object>({
    defaultValues: { amount: '', reason: '', release_phone: false },
    resolver: schemaResolver<Values>(spec.body, payload, {
      field: (path) => (path === 'tenths' ? 'amount' : path === 'request_id' ? null : path),
      extra: (v): Record<string, string> => {
        if (!spec.amount || v.amount.trim() === '') return {};
        const n = spec.amount === 'gems' ? parseWhole(v.amount) : parseCoins(v.amount);
        const max = spec.amount === 'gems' ? 1_000_000 : 10_000_000;
        return n === null || n < 1 || n > max ? { amount: t(`actions.format.${spec.amount}`) } : {};
      },
    }),
    send: (v) => call<Route>(spec.route, { params: { id: member.id }, body: payload(v) }),
    fields: ['amount', 'reason', 'release_phone'],
    rename: { tenths: 'amount' },
    onSuccess: async (res, v) => {
      onDone(doneMessage(res as Record<string, unknown>, v));
      await queryClient.invalidateQueries({ queryKey: memberKey(member.id) });
    },
  });

  const doneMessage = (res: Record<string, unknown>, v: Values): string => {
    const id = member.id;
    if (spec.amount) {
      const applied = res.applied !== false;
      const balance = Number(res.balance);
      const shownBalance = spec.amount === 'gems' ? formatNumber(balance, lang) : formatCoins(balance, lang);
      if (!applied)
        return t('actions.done.already', {
          id,
          balance: shownBalance,
          unit: t(`units.${spec.amount}`),
        });
      const amount =
        spec.amount === 'gems'
          ? formatNumber(parseWhole(v.amount) ?? 0, lang)
          : formatCoins(parseCoins(v.amount) ?? 0, lang);
      return t(`actions.done.${action}`, { id, amount, balance: shownBalance });
    }
    if (action === 'suspend' || action === 'unsuspend')
      return res.changed
        ? t(`actions.done.${action}`, { id, count: Number(res.sessions_ended ?? 0) })
        : t(`actions.done.${action}Already`, { id });
    if (action === 'sessions-end')
      return t('actions.done.sessions-end', { id, count: Number(res.sessions_ended) });
    return res.changed
      ? res.released_phone
        ? t('actions.done.sms-resetReleased', { id })
        : t('actions.done.sms-reset', { id })
      : t('actions.done.sms-resetNothing', { id });
  };

  const balanceHint =
    spec.amount === 'gems'
      ? t('actions.balanceGems', { n: formatNumber(member.gems, lang) })
      : spec.amount === 'coins'
        ? t('actions.balanceCoins', { n: formatCoins(member.coin_tenths, lang) })
        : null;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <p className={styles.actionIntro}>{t(`actions.${action}.intro`)}</p>
      <FormMessage message={formMessage} />
      {spec.amount ? (
        <FormField
          label={t(`actions.amount.${spec.amount}`)}
          error={readableRefusal(form.formState.errors.amount?.message, spec.amount, lang)}
          hint={balanceHint}
        >
          {(p) => (
            <input
              {...p}
              inputMode={spec.amount === 'gems' ? 'numeric' : 'decimal'}
              autoComplete="off"
              className={styles.amountInput}
              {...form.register('amount')}
            />
          )}
        </FormField>
      ) : null}
      {action === 'sms-reset' ? (
        <div className={`field ${styles.releaseField}`}>
          <label className="check">
            <input
              type="checkbox"
              disabled={!member.verified_phone}
              aria-describedby="release-phone-hint"
              {...form.register('release_phone')}
            />
            <span>{t('actions.sms-reset.release')}</span>
          </label>
          <p className="field-hint" id="release-phone-hint">
            {member.verified_phone
              ? t('actions.sms-reset.releaseHint', { phone: member.verified_phone })
              : t('actions.sms-reset.noPhone')}
          </p>
        </div>
      ) : null}
      <FormField
        label={t('actions.reason')}
        error={form.formState.errors.reason?.message}
        hint={t('actions.reasonHint')}
      >
        {(p) => (
          <textarea
            {...p}
            rows={3}
            maxLength={500}
            className={styles.reasonInput}
            {...form.register('reason')}
          />
        )}
      </FormField>
      <div className="actions">
        <button type="submit" className={spec.danger ? 'button-danger' : 'button-primary'} disabled={pending}>
          {t(`actions.${action}.submit`)}
        </button>
        <button type="button" onClick={close}>
          {t('console:common.cancel')}
        </button>
      </div>
    </form>
  );
}
