import { type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';

type BookingFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Whether the last check found this field missing or not valid. */
  invalid: boolean;
  /** The key of its message under `errors.` when it is not the field's name. */
  errorKey?: string;
};

/** A labelled input of the booking form that says, beside itself, when it is missing or not valid. */
export function BookingField({ label, name, value, onChange, invalid, errorKey, ...rest }: BookingFieldProps) {
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
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        {...rest}
      />
      {invalid && (
        <span id={`${id}-error`} className="booking-form__field-error">
          {t(`errors.${errorKey ?? name}`)}
        </span>
      )}
    </div>
  );
}
