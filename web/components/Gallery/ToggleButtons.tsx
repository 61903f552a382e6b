import type { ReactNode } from 'react';

interface ToggleButtonsProps<T extends string> {
  /** The group's name, read by screen readers (a hidden legend). */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  /** What the button of each option reads. */
  text: (option: T) => ReactNode;
  className?: string;
}

/**
 * A row of buttons of which the chosen one is pressed (aria-pressed): the gallery's filters, a client's layout and
 * proofing views all switch this way and look alike (.filters in gallery.css).
 */
export function ToggleButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  text,
  className,
}: ToggleButtonsProps<T>) {
  return (
    <fieldset className={className ? `filters ${className}` : 'filters'}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className="filters__button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {text(option)}
        </button>
      ))}
    </fieldset>
  );
}
