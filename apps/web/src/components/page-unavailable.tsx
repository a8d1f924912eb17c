import { Link } from 'react-router';
import styles from './page-unavailable.module.css';

/**
 * What a page shows in place of its content when what it names cannot be shown (no such pack, no record yet, a
 * purchase not found): the reason as the page's heading, announced at once, and the one way on.
 */
export function PageUnavailable({ title, to, action }: { title: string; to: string; action: string }) {
  return (
    <div className="page page-narrow">
      <div className={`card ${styles.panel}`} role="alert">
        <h1 className="page-title">{title}</h1>
        <Link to={to} className="btn btn-primary">
          {action}
        </Link>
      </div>
    </div>
  );
}
