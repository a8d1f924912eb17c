import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminStaffCreateSchema,
  adminStaffSorts,
  adminStaffStates,
  staffRoles,
  type AdminStaffRow,
} from '@gacha/contract/admin';
import type { AnswerOf } from '@gacha/contract/route';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { Columns } from '../../components/data-table.tsx';
import { ResourceList, type Resource } from '../../components/resource-list.tsx';
import { FormField, FormMessage } from '../../components/form-field.tsx';
import {
  addStaffRoute,
  changeStaffRoute,
  resetSecondFactorRoute,
  staffListRoute,
} from '@gacha/contract/routes/admin-staff';
import { Options } from '@gacha/client/components/options';
import { call, isOk } from '../../lib/api.ts';
import { formatJst } from '../../lib/format.ts';
import { catalogue, schemaResolver, useApiForm, useSubmit } from '../../lib/forms.ts';
import { useMe } from '../../lib/me.ts';

const STAFF_KEY = ['admin', 'staff'] as const;
type Role = (typeof staffRoles)[number];
type Created = AnswerOf<typeof addStaffRoute>;
type Pending = { row: AdminStaffRow; change: { role?: Role; disabled?: 0 | 1 } | 'reset-2fa' };

/**
 * /admin/staff (owners): the staff accounts (GET /api/admin/staff, searched, filtered by role and state, sorted and
 * paged on the server, as CSV for an access review) with their role, second factor and last sign-in;
 * an owner adds one (POST /api/admin/staff: its temporary password shown once), changes a role, disables or enables
 * an account, or resets its second factor (POST /api/admin/staff/{id}, …/reset-2fa), each after a question. The
 * owner's own row has no controls; the shop keeps an owner who can sign in.
 */
export function StaffPage() {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  const me = useMe();
  const [created, setCreated] = useState<Created | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [roles, setRoles] = useState<Record<number, Role>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const change = useSubmit({
    mutationFn: async (p: Pending) =>
      p.change === 'reset-2fa'
        ? call(resetSecondFactorRoute, { params: { id: p.row.id } })
        : call(changeStaffRoute, { params: { id: p.row.id }, body: p.change }),
    onSuccess: async (res, p) => {
      setPending(null);
      if (!isOk(res)) {
        setMessage({ ok: false, text: res.message ?? catalogue('server_error') });
        return;
      }
      setMessage({ ok: true, text: t('staff.changed', { email: p.row.email }) });
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });

  const columns = useMemo<Columns<AdminStaffRow>>(
    () => [
      { id: 'email', header: () => t('staff.email'), cell: ({ row }) => row.original.email },
      {
        id: 'role',
        header: () => t('staff.role'),
        cell: ({ row }) => {
          const r = row.original;
          if (r.email === me.data?.email) return t(`roles.${r.role}`);
          const chosen = roles[r.id] ?? r.role;
          return (
            <span className="inline-form">
              <select
                aria-label={t('staff.roleOf', { email: r.email })}
                value={chosen}
                onChange={(e) => setRoles((m) => ({ ...m, [r.id]: e.target.value as Role }))}
              >
                <Options of={staffRoles} label={(role) => t(`roles.${role}`)} />
              </select>
              <button
                type="button"
                disabled={chosen === r.role}
                onClick={() => setPending({ row: r, change: { role: chosen } })}
              >
                {t('staff.saveRole')}
              </button>
            </span>
          );
        },
      },
      {
        id: 'state',
        header: () => t('staff.state'),
        cell: ({ row }) =>
          row.original.disabled
            ? t('staff.disabled')
            : row.original.enrolled
              ? t('staff.active')
              : t('staff.notEnrolled'),
        meta: { className: 'nowrap' },
      },
      {
        id: 'last',
        header: () => t('staff.lastLogin'),
        cell: ({ row }) => (row.original.last_login_at ? formatJst(row.original.last_login_at) : '—'),
        meta: { className: 'nowrap' },
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">{t('staff.actions')}</span>,
        cell: ({ row }) => {
          const r = row.original;
          if (r.email === me.data?.email) return <span className="muted">{t('staff.you')}</span>;
          return (
            <span className="inline-form">
              <button
                type="button"
                onClick={() => setPending({ row: r, change: { disabled: r.disabled ? 0 : 1 } })}
              >
                {r.disabled ? t('staff.enable') : t('staff.disable')}
              </button>
              <button type="button" onClick={() => setPending({ row: r, change: 'reset-2fa' })}>
                {t('staff.reset2fa')}
              </button>
            </span>
          );
        },
      },
    ],
    [t, me.data?.email, roles],
  );

  const resource: Resource<AdminStaffRow> = {
    route: staffListRoute,
    queryKey: STAFF_KEY,
    columns,
    sorts: adminStaffSorts,
    filters: [
      {
        name: 'role',
        label: t('staff.role'),
        all: t('staff.allRoles'),
        options: staffRoles.map((r) => ({ value: r, label: t(`roles.${r}`) })),
      },
      {
        name: 'state',
        label: t('staff.state'),
        all: t('staff.allStates'),
        options: adminStaffStates.map((s) => ({ value: s, label: t(`staff.states.${s}`) })),
      },
    ],
    caption: t('staff.title'),
    empty: t('staff.empty'),
    searchLabel: t('staff.searchHint'),
    csv: true,
  };

  const question = (p: Pending) =>
    p.change === 'reset-2fa'
      ? t('staff.confirmReset', { email: p.row.email })
      : p.change.role
        ? t('staff.confirmRole', { email: p.row.email, role: t(`roles.${p.change.role}`) })
        : p.change.disabled
          ? t('staff.confirmDisable', { email: p.row.email })
          : t('staff.confirmEnable', { email: p.row.email });

  return (
    <>
      <h1>{t('staff.title')}</h1>
      <p className="muted">{t('staff.intro')}</p>
      <div role="status">{message?.ok ? <p className="success">{message.text}</p> : null}</div>
      <div role="alert">{message && !message.ok ? <p className="form-message">{message.text}</p> : null}</div>
      <ResourceList resource={resource} />
      <section className="panel" aria-labelledby="staff-new-title">
        <h2 id="staff-new-title">{t('staff.new')}</h2>
        <NewStaffForm
          onCreated={async (made) => {
            setCreated(made);
            await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
          }}
        />
        {created ? (
          <div className="note" role="status" data-testid="staff-created">
            <p>{t('staff.created', { email: created.email })}</p>
            <p>
              {t('staff.password')} <code>{created.password}</code>
            </p>
            <p className="field-hint">{t('staff.passwordOnce')}</p>
          </div>
        ) : null}
      </section>
      <ConfirmDialog
        open={pending !== null}
        title={t('staff.confirmTitle')}
        confirmLabel={t('staff.confirm')}
        confirmDisabled={change.isPending}
        danger={pending !== null && pending.change !== 'reset-2fa' && !!pending.change.disabled}
        onConfirm={() => pending && change.send(pending)}
        onClose={() => setPending(null)}
      >
        <p>{pending ? question(pending) : null}</p>
      </ConfirmDialog>
    </>
  );
}

type Values = { email: string; role: Role };

function NewStaffForm({ onCreated }: { onCreated: (made: Created) => void | Promise<void> }) {
  const { t } = useTranslation('console');
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<Values, Created>({
    defaultValues: { email: '', role: 'viewer' },
    resolver: schemaResolver<Values>(adminStaffCreateSchema, (v) => v),
    send: (v) => call(addStaffRoute, { body: v }),
    fields: ['email', 'role'],
    onSuccess: async (res) => {
      form.reset({ email: '', role: 'viewer' });
      await onCreated(res);
    },
  });
  const { errors } = form.formState;
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="inline-fields">
      <FormMessage message={formMessage} />
      <FormField label={t('staff.email')} error={errors.email?.message}>
        {(p) => <input {...p} type="email" autoComplete="off" {...form.register('email')} />}
      </FormField>
      <FormField label={t('staff.role')} error={errors.role?.message}>
        {(p) => (
          <select {...p} {...form.register('role')}>
            <Options of={staffRoles} label={(role) => t(`roles.${role}`)} />
          </select>
        )}
      </FormField>
      <div className="actions">
        <button type="submit" className="button-primary" disabled={pending}>
          {t('staff.create')}
        </button>
      </div>
    </form>
  );
}
