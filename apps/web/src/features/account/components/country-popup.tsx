import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiBusyError, firstError } from '../../../lib/api.ts';
import { useCatalogue } from '../../../lib/i18n.ts';
import { countryCheckKey, useCountries, useCountryCheck } from '../../../lib/lookups.ts';
import { changeCountry } from '../api/change-country.ts';
import styles from './country-popup.module.css';

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
  const [countryId, setCountryId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!countryId) {
      setError(msg('country_invalid'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const res = await changeCountry(Number(countryId));
      if (res.state === 200) {
        queryClient.setQueryData(countryCheckKey, { is_login: '1', is_country: '1' });
        await queryClient.invalidateQueries({ queryKey: ['user'] });
        return;
      }
      setError(firstError(res.errors, 'country_id') ?? res.message ?? msg('invalid'));
    } catch (err) {
      if (!(err instanceof ApiBusyError)) setError(msg('server_error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={needed && !dismissed}
      title={t('countryPopup.title')}
      onClose={() => setDismissed(true)}
      size="sm"
    >
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <p className={styles.lead}>{t('countryPopup.text')}</p>
        <SelectField
          label={t('countryPopup.label')}
          required
          value={countryId}
          onChange={(e) => setCountryId(e.target.value)}
          error={error ?? undefined}
          data-autofocus
        >
          <option value="">{t('address.countryPlaceholder', { ns: 'common' })}</option>
          {countries.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => setDismissed(true)}>
            {t('countryPopup.later')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {t('countryPopup.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default CountryPopup;
