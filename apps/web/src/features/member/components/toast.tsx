import { useEffect } from 'react';
import styles from './toast.module.css';

/** A short status message at the bottom of the screen that hides itself (role status, announced politely). */
export function Toast({ message, onDone }: { message: string | null; onDone: () => void }) {
  useEffect(() => {
    if (!message) return undefined;
    const id = window.setTimeout(onDone, 3500);
    return () => window.clearTimeout(id);
  }, [message, onDone]);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message && <div className={styles.toast}>{message}</div>}
    </div>
  );
}
