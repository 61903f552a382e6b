import type { ReactNode } from 'react';

interface RowHeadProps {
  name: string;
  /**
   * The name's id: the row's buttons point at it (aria-describedby), so a screen reader says which client, event or
   * order a "Remove" or "Open" acts on.
   */
  nameId?: string;
  className?: string;
  /** What stands beside the name: an e-mail address, a status badge. */
  children?: ReactNode;
}

/** A list row's first line: the name in bold, isolated so a Latin name keeps its order in Hebrew, then its details. */
export function RowHead({ name, nameId, className = 'client-row__head', children }: RowHeadProps) {
  return (
    <div className={className}>
      <strong id={nameId}>
        <bdi>{name}</bdi>
      </strong>
      {children}
    </div>
  );
}
