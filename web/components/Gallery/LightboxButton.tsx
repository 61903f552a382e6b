import type { ComponentPropsWithRef } from 'react';

type LightboxButtonProps = Omit<ComponentPropsWithRef<'button'>, 'type' | 'children'> & {
  /** The icon's class; the icon is drawn in CSS and hidden from screen readers. */
  icon: string;
  /** The button's name, read by a screen reader in place of the icon. */
  label: string;
};

/** One of the viewer's round icon buttons (zoom, close, previous, next). */
export function LightboxButton({ icon, label, className, ...button }: LightboxButtonProps) {
  return (
    <button
      type="button"
      className={className ? `lightbox__icon-button ${className}` : 'lightbox__icon-button'}
      {...button}
    >
      <span aria-hidden="true" className={icon} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
