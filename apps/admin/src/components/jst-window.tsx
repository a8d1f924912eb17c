import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatJstShort } from '../lib/jst-window.ts';

const MARK = '\u0000';

/**
 * A window's ends in JST, each kept on one line: 'start – end', 'From start', 'Until end' or 'Always' when both
 * ends are open (the words around a time follow the language: 'From …' / '… から').
 */
export function JstWindow({
  start,
  end,
}: {
  start: string | null | undefined;
  end: string | null | undefined;
}) {
  const { t } = useTranslation('shop');
  const time = (iso: string) => <span className="nowrap">{formatJstShort(iso)}</span>;
  const around = (key: 'common.from' | 'common.until', node: ReactNode) => {
    const [before, after] = t(key, { when: MARK }).split(MARK);
    return (
      <>
        {before}
        {node}
        {after}
      </>
    );
  };
  if (start && end)
    return (
      <>
        {time(start)} – {time(end)}
      </>
    );
  if (start) return around('common.from', time(start));
  if (end) return around('common.until', time(end));
  return <>{t('common.always')}</>;
}
