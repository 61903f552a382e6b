import { TextField } from './TextField';

/**
 * An e-mail address input: left to right even on a Hebrew or Arabic page, `type="email"` for the phone keyboard.
 * `own` fills in the visitor's own address from the browser; the admin typing a client's address gets no
 * suggestions of their own.
 */
export function EmailField({
  label,
  value,
  onChange,
  whose = 'own',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  whose?: 'own' | 'someone-else';
}) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete={whose === 'own' ? 'email' : 'off'}
      dir="ltr"
      required
      value={value}
      onChange={onChange}
    />
  );
}
