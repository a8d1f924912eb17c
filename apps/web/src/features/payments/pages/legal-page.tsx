import { useTranslation } from 'react-i18next';
import styles from './payments.module.css';

interface Section {
  h: string;
  p: string[];
}

/** A legal copy page from the payments texts (legal.fund or legal.gem). */
export function LegalPage({ doc }: { doc: 'fund' | 'gem' }) {
  const { t } = useTranslation('payments');
  const raw = t(`legal.${doc}.sections`, { returnObjects: true }) as unknown;
  const sections: Section[] = Array.isArray(raw) ? (raw as Section[]) : [];
  return (
    <article className={`page ${styles.narrow} ${styles.legal}`}>
      <h1 className="page-title">{t(`legal.${doc}.title`)}</h1>
      <div className={styles.panel}>
        {sections.map((s) => (
          <section key={s.h}>
            <h2>{s.h}</h2>
            {s.p.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        ))}
        <p className={styles.updated}>{t('legal.updated')}</p>
      </div>
    </article>
  );
}
