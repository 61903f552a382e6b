import { type InputHTMLAttributes, useId } from 'react';
import './forms.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled input for the account forms; name and autocomplete come from the caller (the names password managers and tests rely on). */
export function TextField({ label, name, value, onChange, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} {...rest} />
    </div>
  );
}
