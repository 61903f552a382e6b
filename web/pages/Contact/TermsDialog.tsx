import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptTermsResponse, TermsDocument } from '../../../shared/schemas/agreements';
import { ApiError, apiFetch } from '../../api/client';
import { Link } from '../../router';

interface TermsDialogProps {
  signedIn: boolean;
  terms: TermsDocument | null;
  onAccepted: (saved: AcceptTermsResponse) => void;
  onTermsChanged: () => void;
}

/**
 * The terms agreement. A modal <dialog>: the page behind it is inert and focus stays inside. It is
 * required, so Escape does not close it; a browser that closes it anyway gets it shown again.
 */
export function TermsDialog({ signedIn, terms, onAccepted, onTermsChanged }: TermsDialogProps) {
  const { t } = useTranslation('contact');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [read, setRead] = useState(false);
  const [approve, setApprove] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<'saveFailed' | 'changed' | null>(null);
  const done = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const keepOpen = () => {
      if (!done.current) dialog.showModal();
    };
    dialog.addEventListener('close', keepOpen);
    return () => dialog.removeEventListener('close', keepOpen);
  }, []);

  const confirm = async () => {
    if (!terms) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await apiFetch<AcceptTermsResponse>('/api/agreements', {
        method: 'POST',
        json: { language: terms.language, termsVersion: terms.version },
      });
      done.current = true;
      dialogRef.current?.close();
      onAccepted(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'terms-changed') {
        setFailure('changed');
        setRead(false);
        setApprove(false);
        onTermsChanged();
      } else {
        setFailure('saveFailed');
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="terms-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
    >
      {!signedIn ? (
        <div className="terms-dialog__body">
          <h2 id={titleId}>{t('terms.title')}</h2>
          <p>{t('dialog.mustLogIn')}</p>
          <Link to="/login?next=/contact" className="button">
            {t('dialog.logIn')}
          </Link>
        </div>
      ) : (
        <form
          className="terms-dialog__body"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <h2 id={titleId}>{terms?.title ?? t('terms.title')}</h2>
          <p className="muted">{t('dialog.intro')}</p>
          <div className="terms-dialog__text">
            {terms?.sections.map((section) => (
              <section key={section.heading}>
                <h3>{section.heading}</h3>
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <label className="terms-dialog__check">
            <input type="checkbox" name="read" checked={read} onChange={(event) => setRead(event.target.checked)} />
            {t('dialog.read')}
          </label>
          <label className="terms-dialog__check">
            <input
              type="checkbox"
              name="approve"
              checked={approve}
              onChange={(event) => setApprove(event.target.checked)}
            />
            {t('dialog.approve')}
          </label>
          {failure && (
            <p className="terms-dialog__error" role="alert">
              {t(`dialog.${failure}`)}
            </p>
          )}
          <button type="submit" className="button" disabled={!read || !approve || saving || !terms}>
            {saving ? t('dialog.saving') : t('dialog.confirm')}
          </button>
        </form>
      )}
    </dialog>
  );
}
