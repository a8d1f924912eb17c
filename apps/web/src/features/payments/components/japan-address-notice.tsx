import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { JAPAN_COUNTRY_ID } from '@gacha/contract/user';
import { JapanNotice } from '../../../components/japan-notice.tsx';
import { useUserDetail } from '../../../lib/user-detail.ts';

/**
 * Buy gems and its payment choice: a member whose address is in Japan is told before choosing a course or a
 * method (and long before the card form) what POST /user/point/buy would answer (isJp, spec §4), with the way
 * out for a member who has moved abroad (the address changes through support, spec §2 Personal information).
 */
export function JapanAddressNotice() {
  const { t } = useTranslation('payments');
  const { data: detail } = useUserDetail();
  return (
    <JapanNotice show={detail?.country_id === JAPAN_COUNTRY_ID} lead={t('buy.japanLead')} placement="page">
      <p>
        <Link to="/contact">{t('buy.japanChange')}</Link>
      </p>
    </JapanNotice>
  );
}
