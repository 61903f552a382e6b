import { FormMessage } from './FormMessage';

interface FormSubmitProps {
  /** While the form is being sent: the button waits and says so. */
  busy: boolean;
  /** Why the last attempt failed (translated), or nothing. */
  error: string | null;
  label: string;
  /** The button's text while busy ("Signing in…"). */
  busyLabel: string;
}

/**
 * The end of a one-button form: the failure of the last attempt, right above the button that tries again, so the
 * two are read together.
 */
export function FormSubmit({ busy, error, label, busyLabel }: FormSubmitProps) {
  return (
    <>
      <FormMessage kind="error" text={error} />
      <button className="button" type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}
