import { useMemo } from 'react';
import { sanitizeHtml } from '@gacha/client/sanitize-html';
import styles from './pack-description.module.css';

/** The pack's description HTML, sanitised on the server and again here with the same allow-list. */
export function PackDescription({ html, labelledBy }: { html: string; labelledBy?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean.trim()) return null;
  return (
    <div
      className={styles.description}
      aria-labelledby={labelledBy}
      data-testid="pack-description"
      // sanitised by sanitizeHtml: DOMPurify with the allow-list of text elements and http(s) links only
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
