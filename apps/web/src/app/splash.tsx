import styles from './splash.module.css';

/** What shows while the first route's code loads: the header's colours and a spinner, no text. */
export function Splash() {
  return (
    <div className={styles.splash} aria-busy="true">
      <div className={styles.bar} />
      <div className={styles.spinner} />
    </div>
  );
}
