import { type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../api/field-problems';

type BookingFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** What the last check found wrong with this field, if anything. */
  problem: FieldProblem | null;
  /** The key of its message under `errors.` when it is not the field's name. */
  errorKey?: string;
};

/** The message of a field's problem, under `booking:errors.`: its own ("Write the rider's name"), or hidden characters. */
export function fieldErrorKey(problem: FieldProblem, name: string): string {
  return problem === 'hidden-characters' ? 'errors.hiddenCharacters' : `errors.${name}`;
}

/** A labelled input of the booking form that says, beside itself, when it is missing or not valid. */
export function BookingField({ label, name, value, onChange, problem, errorKey, ...rest }: BookingFieldProps) {
  const { t } = useTranslation('booking');
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        {...rest}
      />
      {problem && (
        <span id={`${id}-error`} className="booking-form__field-error">
          {t(fieldErrorKey(problem, errorKey ?? name))}
        </span>
      )}
    </div>
  );
}
