import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RankIcon, RANK_KEYS } from '../../../components/rank-icon.tsx';
import styles from './how-to-play.module.css';

const steps = ['buy', 'pick', 'open', 'choose'] as const;

/** Spec §1: the rank table (gems spent, discount, coins to keep) and coins at 0.1 per 100 gems spent. */
const rankRows = [
  { spent: '0 – 50,000', discount: '0%', keep: null },
  { spent: '50,001 – 200,000', discount: '0%', keep: null },
  { spent: '200,001 – 500,000', discount: '3%', keep: '500' },
  { spent: '500,001 – 3,000,000', discount: '5%', keep: '3,000' },
  { spent: '3,000,001 –', discount: '10%', keep: '5,000' },
] as const;

/** The How to play tab (-2): how a play works, then ranks and coins. */
export function HowToPlay() {
  const { t } = useTranslation('packs');
  return (
    <div className={styles.root}>
      <section aria-labelledby="howto-steps">
        <h2 id="howto-steps" className={styles.heading}>
          {t('howTo.title')}
        </h2>
        <p className={styles.lead}>{t('howTo.lead')}</p>
        <ol className={styles.steps}>
          {steps.map((step, i) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNo} aria-hidden="true">
                {i + 1}
              </span>
              <h3 className={styles.stepTitle}>{t(`howTo.steps.${step}.title`)}</h3>
              <p className={styles.stepText}>{t(`howTo.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
        <ul className={styles.notes}>
          <li>{t('howTo.notes.validity')}</li>
          <li>{t('howTo.notes.tax')}</li>
          <li>{t('howTo.notes.coinPacks')}</li>
        </ul>
      </section>

      <section aria-labelledby="howto-ranks" className={styles.rankSection}>
        <h2 id="howto-ranks" className={styles.heading}>
          {t('howTo.ranks.title')}
        </h2>
        <p className={styles.lead}>{t('howTo.ranks.lead')}</p>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('howTo.ranks.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('howTo.ranks.rank')}</th>
                <th scope="col">{t('howTo.ranks.spent')}</th>
                <th scope="col">{t('howTo.ranks.discount')}</th>
                <th scope="col">{t('howTo.ranks.keep')}</th>
              </tr>
            </thead>
            <tbody>
              {rankRows.map((row, i) => (
                <tr key={RANK_KEYS[i]}>
                  <th scope="row">
                    <span className={styles.rankCell}>
                      <RankIcon rank={i + 1} size={28} />
                      {t(`rank.${RANK_KEYS[i]}`, { ns: 'common' })}
                    </span>
                  </th>
                  <td className="num">{row.spent}</td>
                  <td className="num">
                    <span className={row.discount !== '0%' ? styles.discount : undefined}>
                      {row.discount}
                    </span>
                  </td>
                  <td className="num">{row.keep ? t('howTo.ranks.coins', { amount: row.keep }) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className={styles.footnote}>{t('howTo.ranks.footnote')}</p>
        <Link to="/user-guide" className={styles.more}>
          {t('howTo.more')}
        </Link>
      </section>
    </div>
  );
}

export default HowToPlay;
