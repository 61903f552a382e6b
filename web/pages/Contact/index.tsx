import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptTermsResponse, CurrentTerms } from '../../../shared/schemas/agreements';
import { apiFetch } from '../../api/client';
import { useSiteInfo } from '../../api/site';
import { ContactDetails } from '../../components/ContactDetails';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { useSession } from '../../hooks/useSession';
import { currentLanguage } from '../../i18n';
import { AgreeStep, ConfirmAddressStep, SignInStep, TermsText } from './TermsGate';
import { termsQueryKey } from './terms-query';
import './contact.css';

/**
 * The booking step, with its form's validation rules (the schema library, the largest part of it): loaded only for a
 * client who reaches it, so a visitor's contact page neither downloads nor runs it. The server's render waits for it.
 */
const BookingStep = lazy(() => import('./BookingStep'));

/**
 * /contact: the photographer's contact details and the booking terms, for everyone; then the booking step. A visitor
 * who is not signed in is asked to sign in (or up) and comes back here; a client whose address is not proven yet is
 * asked to open the link sent to it; a client ticks both boxes and the agreement is recorded; only then do the
 * booking request and, when BOOKING_FORM_URL is set, the organiser's form appear. It fails closed: when the terms
 * cannot be loaded there is no form, but an error with "Try again".
 */
export default function ContactPage() {
  const { t, i18n } = useTranslation();
  const contact = useTranslation('contact').t;
  const language = currentLanguage(i18n);
  const { user, isLoading: sessionLoading } = useSession();
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  const termsKey = termsQueryKey(language, user?.id ?? null);
  const terms = useQuery({
    queryKey: termsKey,
    queryFn: () => apiFetch<CurrentTerms>(`/api/agreements/current?lng=${language}`),
    enabled: !sessionLoading,
  });

  const acceptedAt = user ? (terms.data?.acceptedAt ?? null) : null;
  const onAccepted = (saved: AcceptTermsResponse) => {
    queryClient.setQueryData<CurrentTerms>(termsKey, (old) => (old ? { ...old, acceptedAt: saved.agreedAt } : old));
  };

  return (
    <PageFrame title={t('pages.contact')} wide>
      <ContactDetails heading={contact('page.detailsHeading')} sectionClassName="contact__section" />

      <section className="contact__section" aria-labelledby="contact-terms-heading">
        <h2 id="contact-terms-heading">{terms.data?.terms.title ?? contact('terms.title')}</h2>
        {terms.isError ? (
          <div className="contact__error" role="alert">
            <p>{contact('dialog.loadFailed')}</p>
            <button type="button" className="button" disabled={terms.isFetching} onClick={() => void terms.refetch()}>
              {contact('dialog.retry')}
            </button>
          </div>
        ) : terms.data ? (
          <TermsText terms={terms.data.terms} />
        ) : (
          <LoadingLine text={t('loading')} announce={false} />
        )}
      </section>

      {sessionLoading || !terms.isSuccess ? null : !user ? (
        <SignInStep />
      ) : !user.emailVerified ? (
        <ConfirmAddressStep />
      ) : !acceptedAt ? (
        <AgreeStep
          key={terms.data.terms.version}
          terms={terms.data.terms}
          onAccepted={onAccepted}
          onTermsChanged={() => void terms.refetch()}
        />
      ) : (
        <Suspense fallback={<LoadingLine text={t('loading')} />}>
          <BookingStep acceptedAt={acceptedAt} email={user.email} formUrl={site.data?.bookingFormUrl ?? null} />
        </Suspense>
      )}
    </PageFrame>
  );
}
