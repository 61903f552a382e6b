import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/FormMessage';
import { FormSubmit } from '../../../components/FormSubmit';

interface SubmitWithMessagesProps {
  /** useSubmit's state: while busy the button waits and says so; its error key (with its namespace) is shown. */
  state: { busy: boolean; errorKey: string | null };
  label: string;
  busyLabel: string;
  /** What the last save did, in words; nothing while there is no news. */
  success?: string | null;
}

/**
 * The end of an admin form that saves settings: what the last save did, then FormSubmit (its failure right above the
 * button). The admin forms stay open after saving, so the success has to be said where the button is.
 */
export function SubmitWithMessages({ state, label, busyLabel, success = null }: SubmitWithMessagesProps) {
  const { t } = useTranslation();
  return (
    <>
      {success ? <FormMessage kind="success" text={success} /> : null}
      <FormSubmit
        busy={state.busy}
        error={state.errorKey ? t(state.errorKey) : null}
        label={label}
        busyLabel={busyLabel}
      />
    </>
  );
}
