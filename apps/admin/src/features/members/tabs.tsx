import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './members.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * Tabs as the ARIA pattern has them: a tablist of buttons (the arrows, Home and End move between them and open
 * the one reached), the chosen tab's panel below, labelled by its tab. The chosen key is the caller's (the
 * address holds it).
 */
export function Tabs<K extends string>({
  tabs,
  current,
  onChange,
  label,
  children,
}: {
  tabs: readonly TabItem<K>[];
  current: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const key = tabs[to]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tablist}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={`${base}-panel`}
            tabIndex={tab.key === current ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${current}`}
        className={styles.tabpanel}
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
