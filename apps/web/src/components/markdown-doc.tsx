import { useEffect, useMemo, type MouseEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@gacha/contract/messages';
import { useLang } from '../lib/i18n.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import { sanitizeDocHtml } from '../lib/sanitize-doc-html.ts';
import { docValues, useSiteInfo } from '../lib/site-info.ts';
import styles from './markdown-doc.module.css';

/** The pages written in Markdown (src/content/<page>.<lang>.md; content.test.ts checks their format). */
export type DocPage =
  | 'terms'
  | 'privacy'
  | 'commercial-transactions'
  | 'payment-services'
  | 'gem-terms'
  | 'guide'
  | 'how-to-play';

// one lazy chunk per page and language, as text
const sources = import.meta.glob<string>('../content/*.md', { query: '?raw', import: 'default' });

export async function loadDoc(page: DocPage, lang: Lang): Promise<string> {
  const load = sources[`../content/${page}.${lang}.md`];
  if (!load) throw new Error(`no content page ${page}.${lang}`);
  return load();
}

interface MarkdownDocProps {
  page: DocPage;
  /** Demote the headings (1: the page's title is an h2, for a page shown inside another). */
  headingShift?: number;
  className?: string;
}

/**
 * A page of src/content in the member's language (it follows the language switch): Markdown through marked, the
 * seller's details from GET /user/site_info in its {{placeholders}}, sanitised (lib/sanitize-html.ts), headings
 * with their ids. A link to a shop path stays in the app; a link to an id (#article-3), here or on another page,
 * scrolls to that heading and focuses it.
 */
export function MarkdownDoc({ page, headingShift = 0, className }: MarkdownDocProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const source = useQuery({
    queryKey: ['content', page, lang],
    queryFn: () => loadDoc(page, lang),
    staleTime: Infinity,
  });
  // a page without placeholders (how to play) does not wait for the seller's details
  const needsInfo = source.data !== undefined && source.data.includes('{{');
  const info = useSiteInfo(needsInfo);
  const ready = source.data !== undefined && (!needsInfo || !info.isPending);
  const html = useMemo(
    () =>
      ready ? sanitizeDocHtml(renderMarkdown(source.data ?? '', docValues(info.data), { headingShift })) : '',
    [ready, source.data, info.data, headingShift],
  );

  // /terms-of-service#article-3: once the page is there, its heading comes into view and takes the focus
  useEffect(() => {
    if (!html || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'start' });
  }, [html, hash]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    if (href.startsWith('#')) {
      e.preventDefault();
      navigate({ hash: href }, { preventScrollReset: true });
    } else if (href.startsWith('/')) {
      e.preventDefault();
      navigate(href);
    }
  };

  if (source.isError) {
    return (
      <div role="alert" className={styles.error}>
        <p>{t('doc.loadError')}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void source.refetch()}>
          {t('doc.retry')}
        </button>
      </div>
    );
  }
  if (!ready) return <div className={`${styles.doc} ${styles.pending}`} aria-busy="true" />;
  return (
    // the links inside are real links (Enter, a middle click, a new tab); this keeps a plain click in the app
    <div
      className={`${styles.doc} ${className ?? ''}`}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
