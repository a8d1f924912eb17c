import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { adminPackCreateSchema } from '@gacha/contract/admin';
import { createPackRoute } from '@gacha/contract/routes/admin-catalogue';
import { FormMessage } from '../../components/form-field.tsx';
import { call } from '../../lib/api.ts';
import { schemaResolver, useApiForm } from '../../lib/forms.ts';
import { useCan } from '../../lib/me.ts';
import { PACK_FIELDS, PackFields, packPayload, packValues, type PackValues } from './pack-form.tsx';
import { packsKey } from './pack-state.ts';

/** /admin/packs/new: a draft (POST /api/admin/packs), then its page to add the prizes. */
export function PackNewPage() {
  const { t } = useTranslation('console');
  const can = useCan();
  const canWrite = can('catalogue.write');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { form, formRef, onSubmit, pending, formMessage } = useApiForm<PackValues, { id: number }>({
    defaultValues: packValues(null),
    resolver: schemaResolver<PackValues>(adminPackCreateSchema, (v) => packPayload(v)),
    send: (v) => call(createPackRoute, { body: packPayload(v) }),
    fields: PACK_FIELDS,
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: packsKey });
      void navigate(`/packs/${res.id}`, { state: { notice: t('packs.created', { id: res.id }) } });
    },
  });
  return (
    <>
      <div className="page-head">
        <h1>{t('packs.newTitle')}</h1>
        <div className="actions">
          <Link to="/packs">{t('common.back')}</Link>
        </div>
      </div>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="panel" aria-label={t('packs.newTitle')}>
        {!canWrite ? <p className="note note-warn">{t('common.readOnly')}</p> : null}
        <FormMessage message={formMessage} />
        <PackFields form={form} locked={false} readOnly={!canWrite} />
        <div className="actions">
          <button type="submit" className="button-primary" disabled={pending || !canWrite}>
            {t('packs.create')}
          </button>
        </div>
      </form>
    </>
  );
}
