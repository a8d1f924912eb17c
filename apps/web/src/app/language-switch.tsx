import { useTranslation } from 'react-i18next';
import type { Lang } from '@gacha/contract/messages';
import { changeLang, LANGS } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import styles from './language-switch.module.css';

/** EN / 日本語 switch; the choice is kept in localStorage and the `lang` cookie the server reads. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage;
  const choose = async (lang: Lang) => {
    if (lang === current) return;
    await changeLang(lang);
    // Texts the server sends (rank names, field errors, country names) follow the cookie.
    await queryClient.invalidateQueries();
  };
  return (
    <div className={styles.switch} role="group" aria-label={t('language.label')}>
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={styles.option}
          aria-pressed={current === lang}
          onClick={() => void choose(lang)}
        >
          <span aria-hidden="true">{t(`language.short.${lang}`)}</span>
          <span className="visually-hidden">{t(`language.name.${lang}`)}</span>
        </button>
      ))}
    </div>
  );
}
