import './forms.css';

/**
 * A form's outcome line. Errors are announced at once (role="alert"); successes and neutral notes politely
 * (role="status"). Nothing is rendered without text, so the live region stays quiet.
 */
export function FormMessage({ kind, text }: { kind: 'error' | 'success' | 'info'; text: string | null }) {
  if (!text) return null;
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
