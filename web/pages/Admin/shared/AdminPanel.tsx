import type { ReactNode } from 'react';

interface AdminPanelProps {
  /** The heading's id; the section is named by its heading. */
  titleId: string;
  title: ReactNode;
  className?: string;
  /**
   * What stands on the heading's row (an export link); the heading and it then share the toolbar row. `null` keeps
   * the toolbar row with the heading alone.
   */
  actions?: ReactNode;
  /** A line under the heading saying what the panel is for. */
  intro?: string;
  children: ReactNode;
}

/** An admin tab's section: its heading (with the toolbar's actions, if any), a short intro, then the content. */
export function AdminPanel({ titleId, title, className, actions, intro, children }: AdminPanelProps) {
  const heading = (
    <h2 id={titleId} className="admin-subtitle">
      {title}
    </h2>
  );
  return (
    <section className={className} aria-labelledby={titleId}>
      {actions === undefined ? (
        heading
      ) : (
        <div className="admin-toolbar">
          {heading}
          {actions}
        </div>
      )}
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
}
