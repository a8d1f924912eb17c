import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<V extends string | number> {
  value: V;
  label: ReactNode;
}

interface TabsProps<V extends string | number> {
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  label: string;
  children: ReactNode;
  /** pill: a row of pills (filters); underline: page sections; segment: a two- or three-way switch of views. */
  variant?: 'pill' | 'underline' | 'segment';
  /** Id prefix so callers can reference tabs and the panel. */
  idBase?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (and select them), Home/End jump to
 * the ends; only the selected tab is in the tab order. The one panel shows the selected tab's content.
 */
export function Tabs<V extends string | number>({
  items,
  value,
  onChange,
  label,
  children,
  variant = 'pill',
  idBase,
}: TabsProps<V>) {
  const generated = useId();
  const base = idBase ?? generated;
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = Math.max(
    0,
    items.findIndex((i) => i.value === value),
  );

  const focusTab = (index: number) => {
    const item = items[index];
    if (!item) return;
    onChange(item.value);
    const el = listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[index];
    el?.focus();
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = items.length - 1;
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = selectedIndex >= last ? 0 : selectedIndex + 1;
    else if (e.key === 'ArrowLeft') next = selectedIndex <= 0 ? last : selectedIndex - 1;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    if (next !== null) {
      e.preventDefault();
      focusTab(next);
    }
  };

  const tabId = (v: V) => `${base}-tab-${String(v)}`;
  const panelId = `${base}-panel`;

  return (
    <div className={styles.root}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className={`${styles.list} ${styles[variant] ?? ''}`}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={String(item.value)}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={`${styles.tab} ${selected ? styles.selected : ''}`}
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className={styles.panel} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
