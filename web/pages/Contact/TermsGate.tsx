import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptTermsResponse, TermsDocument } from '../../../shared/schemas/agreements';
import { ApiError, apiFetch } from '../../api/client';
import { Link } from '../../router';

/** Where the account pages send the visitor back to once they are signed in. */
const BACK_HERE = encodeURIComponent('/contact');

/** The terms as the server wrote them: readable by everyone, signed in or not. */
export function TermsText({ terms }: { terms: TermsDocument }) {
  return (
    <div className="contact__terms-text">
      {terms.sections.map((section) => (
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
  );
}

/** The booking step for a visitor who is not signed in: sign in or sign up, and come back here. */
export function SignInStep() {
  const { t } = useTranslation('contact');
  return (
    <div className="contact__step card">
      <p>{t('gate.signInToBook')}</p>
      <div className="contact__actions">
        <Link to={`/login?next=${BACK_HERE}`} className="button">
          {t('dialog.logIn')}
        </Link>
        <Link to={`/signup?next=${BACK_HERE}`} className="button button--ghost">
          {t('gate.signUp')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The booking step for a client whose address is not proven yet: the server refuses the terms and the request until
 * it is (nothing may be mailed on behalf of an address nobody proved), so the page says what to do instead. /me has
 * the "send again" button.
 */
export function ConfirmAddressStep() {
  const { t } = useTranslation('contact');
  return (
    <div className="contact__step card" data-testid="contact-confirm-address">
      <p>{t('gate.confirmToBook')}</p>
      <div className="contact__actions">
        <Link to="/me" className="button button--ghost">
          {t('gate.resendLink')}
        </Link>
      </div>
    </div>
  );
}

interface AgreeStepProps {
  terms: TermsDocument;
  onAccepted: (saved: AcceptTermsResponse) => void;
  onTermsChanged: () => void;
}

/**
 * Accepting the terms shown above: both boxes, then the agreement is recorded, and only then does the booking form
 * appear. A failed save says so and keeps the boxes; changed terms are shown again to be read afresh.
 */
export function AgreeStep({ terms, onAccepted, onTermsChanged }: AgreeStepProps) {
  const { t } = useTranslation('contact');
  const [read, setRead] = useState(false);
  const [approve, setApprove] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<'saveFailed' | 'changed' | null>(null);

  const confirm = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await apiFetch<AcceptTermsResponse>('/api/agreements', {
        method: 'POST',
        json: { language: terms.language, termsVersion: terms.version },
      });
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
    <form
      className="contact__step card"
      aria-label={t('gate.agreeLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <p className="muted">{t('dialog.intro')}</p>
      <label className="contact__check">
        <input type="checkbox" name="read" checked={read} onChange={(event) => setRead(event.target.checked)} />
        {t('dialog.read')}
      </label>
      <label className="contact__check">
        <input
          type="checkbox"
          name="approve"
          checked={approve}
          onChange={(event) => setApprove(event.target.checked)}
        />
        {t('dialog.approve')}
      </label>
      {failure && (
        <p className="contact__error" role="alert">
          {t(`dialog.${failure}`)}
        </p>
      )}
      <button type="submit" className="button" disabled={!read || !approve || saving}>
        {saving ? t('dialog.saving') : t('dialog.confirm')}
      </button>
    </form>
  );
}
