import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AcceptTermsResponse, CurrentTerms } from '../../../shared/schemas/agreements';
import type { SiteInfo } from '../../../shared/schemas/site';
import { apiFetch } from '../../api/client';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { useSession } from '../../hooks/useSession';
import { currentLanguage } from '../../i18n';
import { BookingForm } from './BookingForm';
import { TermsDialog } from './TermsDialog';
import './contact.css';

/**
 * /contact: the external registration form, covered on arrival by the booking terms. A signed-in client
 * who already accepted this exact text goes straight to the form; anyone else must accept (or log in) first. The form
 * is not even loaded until the agreement is recorded: while the terms load, and when they cannot be loaded (an error
 * with a way to try again), there is nothing of it to reach.
 */
export default function ContactPage() {
  const { t, i18n } = useTranslation();
  const contact = useTranslation('contact').t;
  const language = currentLanguage(i18n);
  const { user, isLoading: sessionLoading } = useSession();
  const queryClient = useQueryClient();
  const termsKey = ['terms', language, user?.id ?? null];

  const site = useQuery({ queryKey: ['site'], queryFn: () => apiFetch<SiteInfo>('/api/site'), staleTime: 300_000 });
  const terms = useQuery({
    queryKey: termsKey,
    queryFn: () => apiFetch<CurrentTerms>(`/api/agreements/current?lng=${language}`),
    enabled: !sessionLoading && user !== null,
  });

  const acceptedAt = terms.data?.acceptedAt ?? null;
  const mustAgree = !sessionLoading && (user === null || (terms.isSuccess && acceptedAt === null));

  const onAccepted = (saved: AcceptTermsResponse) => {
    queryClient.setQueryData<CurrentTerms>(termsKey, (old) => (old ? { ...old, acceptedAt: saved.agreedAt } : old));
  };

  return (
    <PageFrame title={t('pages.contact')} wide>
      {acceptedAt && (
        <p className="contact__accepted" role="status">
          {contact('dialog.acceptedOn', {
            date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
              new Date(acceptedAt),
            ),
          })}
        </p>
      )}
      {terms.isError && (
        <div className="contact__error" role="alert">
          <p>{contact('dialog.loadFailed')}</p>
          <button type="button" className="button" disabled={terms.isFetching} onClick={() => void terms.refetch()}>
            {contact('dialog.retry')}
          </button>
        </div>
      )}
      {acceptedAt && (
        <BookingForm
          url={site.data?.bookingFormUrl ?? null}
          loading={site.isPending}
          isAdmin={user?.isAdmin ?? false}
        />
      )}
      {mustAgree && (
        <TermsDialog
          signedIn={user !== null}
          terms={terms.data?.terms ?? null}
          onAccepted={onAccepted}
          onTermsChanged={() => void terms.refetch()}
        />
      )}
    </PageFrame>
  );
}
