import type { ReactNode } from 'react';

/** A titled panel of a console page: its heading names the region for screen readers. */
export function Section({
  id,
  title,
  intro,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className ? `panel ${className}` : 'panel'}>
      <h2 id={id}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
}
