import { useTranslation } from 'react-i18next';
import styles from './members.module.css';

/** "Suspended" and "Anonymised" next to a member's name (nothing for an active member). */
export function MemberStateBadges({
  member,
}: {
  member: { suspended_at: string | null; anonymised_at: string | null };
}) {
  const { t } = useTranslation('members');
  if (!member.suspended_at && !member.anonymised_at) return null;
  return (
    <span className={styles.badges}>
      {member.suspended_at ? (
        <span className={`status ${styles.suspended}`}>{t('state.suspended')}</span>
      ) : null}
      {member.anonymised_at ? <span className="status status-draft">{t('state.anonymised')}</span> : null}
    </span>
  );
}
