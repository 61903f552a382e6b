import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface MenuAction {
  /** Stable, for React and tests (`data-action`). */
  id: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A button that opens a list of actions (the WAI-ARIA menu button): Enter, Space or Arrow Down open it on the first
 * action, Arrow Up on the last; the arrows, Home and End move within it; Escape closes it and gives the focus back
 * to the button, as does choosing; Tab or a press outside closes it. An action runs after the menu has closed and
 * the focus is back on the button, so a question it asks (ConfirmDialog) returns the focus there.
 */
export function ActionMenu({
  label,
  name,
  actions,
  disabled = false,
  testId,
}: {
  /** The button's visible content. */
  label: ReactNode;
  /** The button's name for assistive technology when it should say more than it shows (what it acts on). */
  name?: string;
  actions: readonly MenuAction[];
  disabled?: boolean;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  // A press anywhere outside closes the menu, leaving the focus where the press put it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  // A menu cannot stay open over a disabled button (the folder view started working).
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const last = actions.length - 1;

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : last);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const next: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in next) {
      event.preventDefault();
      setFocusIndex(next[event.key] as number);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="action-menu" ref={rootRef} data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost action-menu__button"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
      </button>
      {open ? (
        <div id={menuId} role="menu" className="action-menu__list" onKeyDown={onMenuKey}>
          {actions.map((action, index) => (
            <button
              key={action.id}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={index === focusIndex ? 0 : -1}
              className={action.danger ? 'action-menu__item action-menu__item--danger' : 'action-menu__item'}
              data-action={action.id}
              onClick={() => {
                close();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
