import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';

interface SubmitWithMessagesProps {
  /** useSubmit's state: while busy the button waits and says so; its error key (with its namespace) is shown. */
  state: { busy: boolean; errorKey: string | null };
  label: string;
  busyLabel: string;
  /** What the last save did, in words; nothing while there is no news. */
  success?: string | null;
}

/** The end of an admin form: how the last save went (a success, then an error) and the submit button. */
export function SubmitWithMessages({ state, label, busyLabel, success = null }: SubmitWithMessagesProps) {
  const { t } = useTranslation();
  return (
    <>
      {success ? <FormMessage kind="success" text={success} /> : null}
      <FormMessage kind="error" text={state.errorKey ? t(state.errorKey) : null} />
      <button type="submit" className="button" disabled={state.busy}>
        {state.busy ? busyLabel : label}
      </button>
    </>
  );
}
