import { MarkdownDoc } from '../../../components/markdown-doc.tsx';
import styles from './how-to-play.module.css';

/**
 * The How to play tab (-2): the Markdown page src/content/how-to-play.<lang>.md (gems, packs, the rank table,
 * coins, the exchange counter, the board), its headings one level down under the Top page's title.
 */
export function HowToPlay() {
  return (
    <section className={`card ${styles.root}`}>
      <MarkdownDoc page="how-to-play" headingShift={1} />
    </section>
  );
}

export default HowToPlay;
