import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeUserInformationSchema } from '@gacha/contract/user';
import { Options } from '@gacha/client/components/options';
import { SelectField } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useCatalogue } from '../../../lib/i18n.ts';
import { countryCheckKey, useCountries, useCountryCheck } from '../../../lib/lookups.ts';
import { schemaResolver } from '../../../lib/messages-resolver.ts';
import { useApiForm } from '../../../lib/use-api-form.ts';
import { changeCountry } from '../api/change-country.ts';
import styles from './country-popup.module.css';

interface CountryValues {
  country_id: string;
}

// nothing chosen is sent as absent: 'country_invalid', as the server says it
const resolver = schemaResolver<CountryValues>(changeUserInformationSchema, (v) => ({
  country_id: v.country_id || undefined,
}));

/**
 * The country-selection popup of Top (spec §2): a logged-in member without a country
 * (GET /user/country/check → is_country '0') picks one 'to prevent unauthorized access';
 * it is saved with POST /user/changeUserInformation {country_id}.
 */
export function CountryPopup() {
  const { t } = useTranslation('account');
  const msg = useCatalogue();
  const queryClient = useQueryClient();
  const { data: check } = useCountryCheck();
  const needed = check?.is_login === '1' && check.is_country === '0';
  const { data: countries = [] } = useCountries();
  const [dismissed, setDismissed] = useState(false);
  const { form, formRef, onSubmit, pending } = useApiForm({
    defaultValues: { country_id: '' },
    resolver,
    send: (values: CountryValues) => changeCountry(Number(values.country_id)),
    onSuccess: async () => {
      queryClient.setQueryData(countryCheckKey, { is_login: '1', is_country: '1' });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
    fields: ['country_id'],
    refusal: 'country_id',
    refusalText: (res) => res.message ?? msg('invalid'),
  });

  return (
    <Modal
      open={needed && !dismissed}
      title={t('countryPopup.title')}
      onClose={() => setDismissed(true)}
      size="sm"
    >
      <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.lead}>{t('countryPopup.text')}</p>
        <SelectField
          label={t('countryPopup.label')}
          required
          error={form.formState.errors.country_id?.message}
          data-autofocus
          {...form.register('country_id')}
        >
          <option value="">{t('address.countryPlaceholder', { ns: 'common' })}</option>
          <Options of={countries} value={(c) => c.id} label={(c) => c.name} />
        </SelectField>
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => setDismissed(true)}>
            {t('countryPopup.later')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {t('countryPopup.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default CountryPopup;
