import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { START_NUMBER_PATTERN } from '../../../shared/start-number';
import { FormMessage } from '../../components/FormMessage';
import { useSubmit } from '../../hooks/useSubmit';
import { useQueryParams } from '../../router';
import { eventsApi } from './events-api';

/** What a link of a subscription e-mail came back to tell (`?subscription=`), as a line above the form. */
function LinkOutcome() {
  const { t } = useTranslation('events');
  const outcome = useQueryParams().get('subscription');
  if (outcome !== 'confirmed' && outcome !== 'unsubscribed' && outcome !== 'invalid') return null;
  return (
    <div data-testid="subscription-outcome" data-outcome={outcome}>
      <FormMessage kind={outcome === 'invalid' ? 'error' : 'success'} text={t(`subscribe.outcome.${outcome}`)} />
    </div>
  );
}

/**
 * "Tell me when my photos are ready": a start number and an address. The server mails a confirmation link, and once
 * photos are placed under the number, one e-mail per batch. The answer never says whether the address had asked
 * before, so neither does this form.
 */
export function SubscribeForm({ slug, accessKey }: { slug: string; accessKey: string | undefined }) {
  const { t } = useTranslation(['events', 'common']);
  const titleId = useId();
  const numberId = useId();
  const emailId = useId();
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const request = useSubmit((body: { number: string; email: string }) =>
    eventsApi.subscribe(slug, { ...body, key: accessKey }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!START_NUMBER_PATTERN.test(number.trim())) return request.fail('events:subscribe.badNumber');
    request.submit({ number: number.trim(), email: email.trim() });
  };
  return (
    <section className="event-subscribe" aria-labelledby={titleId}>
      <h2 id={titleId} className="event-section-title">
        {t('subscribe.title')}
      </h2>
      <LinkOutcome />
      <p className="muted">{t('subscribe.intro')}</p>
      <form className="event-subscribe__form" onSubmit={submit} noValidate data-testid="subscribe-form">
        <div className="event-subscribe__field">
          <label htmlFor={numberId}>{t('subscribe.number')}</label>
          <input
            id={numberId}
            className="text-input event-subscribe__number"
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            maxLength={6}
            required
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            data-testid="subscribe-number"
          />
        </div>
        <div className="event-subscribe__field">
          <label htmlFor={emailId}>{t('subscribe.email')}</label>
          <input
            id={emailId}
            className="text-input"
            type="email"
            autoComplete="email"
            dir="ltr"
            maxLength={254}
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            data-testid="subscribe-email"
          />
        </div>
        <button type="submit" className="button" disabled={request.busy} data-testid="subscribe-submit">
          {t('subscribe.submit')}
        </button>
      </form>
      <FormMessage
        kind={request.errorKey ? 'error' : 'success'}
        text={request.errorKey ? t(request.errorKey) : request.done ? t('subscribe.sent') : null}
      />
    </section>
  );
}
