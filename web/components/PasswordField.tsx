import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './forms.css';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  label: string;
  name: string;
  /** What a password manager offers: the saved password unless a new one is being chosen. */
  autoComplete?: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
};

/** A password input with its label and a show/hide toggle (the toggle never submits the form). */
export function PasswordField({
  label,
  name,
  autoComplete = 'current-password',
  value,
  onChange,
  ...rest
}: PasswordFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="password-field">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          required
          {...rest}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-pressed={visible}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          title={visible ? t('hidePassword') : t('showPassword')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor">
            <path strokeWidth="1.8" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
            <circle strokeWidth="1.8" cx="12" cy="12" r="3" />
            {visible ? null : <path strokeWidth="1.8" d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
    </div>
  );
}
