import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../FormSubmit';

interface AuthFormProps {
  onSubmit: (event: FormEvent) => void;
  /** How the form is being sent (useSubmit): busy or not, and the translation key of the last failure. */
  sending: { busy: boolean; errorKey: string | null };
  /** The group of the auth texts whose `submit` and `submitting` say what the button does ("login", "signup"…). */
  texts: string;
  /** The links under the button (back to log in, forgot password…), if the form has any. */
  links?: ReactNode;
  /** The fields, and whatever the form says above them. */
  children: ReactNode;
}

/** An account form (log in, sign up, change or reset a password): its fields, the failure and the button, then its links. */
export function AuthForm({ onSubmit, sending, texts, links, children }: AuthFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {children}
      <FormSubmit
        busy={sending.busy}
        error={sending.errorKey && t(sending.errorKey)}
        label={t(`${texts}.submit`)}
        busyLabel={t(`${texts}.submitting`)}
      />
      {links ? <div className="form-links">{links}</div> : null}
    </form>
  );
}
