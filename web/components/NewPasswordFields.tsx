import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';

export interface PasswordPair {
  password: string;
  confirmation: string;
}

export const EMPTY_PASSWORD_PAIR: PasswordPair = { password: '', confirmation: '' };

/** The field names of each form: sign-up asks for `password`, every other form for `newPassword`. */
const NAMES = {
  signup: { password: 'password', confirmation: 'confirmPassword' },
  new: { password: 'newPassword', confirmation: 'confirmNewPassword' },
} as const;

/**
 * A new password and its confirmation, with the names and autocomplete password managers expect. Only the match is
 * checked in the browser (`passwordsMatch`); the server enforces the password policy.
 */
export function NewPasswordFields({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof NAMES;
  value: PasswordPair;
  onChange: (value: PasswordPair) => void;
}) {
  const { t } = useTranslation('auth');
  const names = NAMES[kind];
  return (
    <>
      <PasswordField
        label={t(`fields.${names.password}`)}
        name={names.password}
        autoComplete="new-password"
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
      />
      <PasswordField
        label={t(`fields.${names.confirmation}`)}
        name={names.confirmation}
        autoComplete="new-password"
        value={value.confirmation}
        onChange={(confirmation) => onChange({ ...value, confirmation })}
      />
    </>
  );
}

export function passwordsMatch(pair: PasswordPair): boolean {
  return pair.password === pair.confirmation;
}
