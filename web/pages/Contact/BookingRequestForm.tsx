import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { priceOfBooking } from '../../../shared/booking-price';
import { formatMoney } from '../../../shared/money';
import { PRICE_CARDS } from '../../../shared/pricing';
import { priceCardPrice } from '../../../shared/pricing-text';
import { BOOKING_LIMITS, type BookingPackage, bookingRequestBodySchema } from '../../../shared/schemas/booking';
import { type FieldProblem, problemsOfError, problemsOfIssues } from '../../api/field-problems';
import { FormSubmit } from '../../components/FormSubmit';
import { useSubmit } from '../../hooks/useSubmit';
import { currentLanguage } from '../../i18n';
import { BookingField, fieldErrorKey } from './BookingField';
import { bookingApi, MY_BOOKINGS_QUERY_KEY } from './booking-api';
import { type HorseDraft, HorseRows } from './HorseRows';

const EMPTY = {
  event: '',
  date: '',
  riderName: '',
  horses: [{ name: '', heat: '' }] as HorseDraft[],
  package: 'entrance' as BookingPackage,
  phone: '',
  note: '',
};

/**
 * The booking request: the competition, its day, the rider, the horses with their heats, a package from the price
 * list and a phone number. It is checked with the same schema the server validates with before it is sent, and the
 * price and deposit it shows come from the same price list the server stores with the request.
 */
export function BookingRequestForm({ email }: { email: string }) {
  const { t, i18n } = useTranslation('booking');
  const home = useTranslation('home').t;
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(EMPTY);
  const [checked, setChecked] = useState<Map<string, FieldProblem>>(new Map());
  const form = useRef<HTMLFormElement>(null);
  const send = useSubmit(bookingApi.send, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_BOOKINGS_QUERY_KEY }),
  });
  const refused = problemsOfError(send.error);
  /** The schema's complaint about a field in the browser, else the server's. */
  const problemOf = (field: string): FieldProblem | null => checked.get(field) ?? refused.get(field) ?? null;

  // After a refused check, the first field to fix takes the focus.
  useEffect(() => {
    if (checked.size > 0 || refused.size > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [checked, refused.size]);

  const price = priceOfBooking(draft.package, draft.horses);
  const money = (amount: { amount: number; currency: string } | null) =>
    amount === null ? null : formatMoney(amount, language);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bookingRequestBodySchema.safeParse({ ...draft, language });
    if (!parsed.success) {
      setChecked(problemsOfIssues(parsed.error.issues));
      send.fail('errors.summary');
      return;
    }
    setChecked(new Map());
    send.submit(parsed.data);
  };

  if (send.done) {
    return (
      <div className="booking-form__done card" role="status">
        <p>{t('done.sent', { email })}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setDraft(EMPTY);
            send.reset();
          }}
        >
          {t('done.another')}
        </button>
      </div>
    );
  }

  const set =
    <K extends keyof typeof EMPTY>(key: K) =>
    (value: (typeof EMPTY)[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  /** A text field's ties to the draft, all named by one key: its name, value, setter and problem. */
  const field = (key: 'event' | 'date' | 'riderName' | 'phone') => ({
    name: key,
    value: draft[key],
    onChange: set(key),
    problem: problemOf(key),
  });
  const today = new Date().toISOString().slice(0, 10);
  const noteProblem = problemOf('note');
  return (
    <form ref={form} className="booking-form" onSubmit={onSubmit} noValidate aria-labelledby="booking-form-heading">
      <h2 id="booking-form-heading">{t('title')}</h2>
      <BookingField label={t('fields.event')} {...field('event')} maxLength={BOOKING_LIMITS.event} required />
      <BookingField label={t('fields.date')} {...field('date')} type="date" min={today} required />
      <BookingField
        label={t('fields.riderName')}
        {...field('riderName')}
        autoComplete="name"
        maxLength={BOOKING_LIMITS.rider}
        required
      />
      <HorseRows horses={draft.horses} onChange={set('horses')} problem={problemOf} />
      <fieldset className="booking-form__packages">
        <legend>{t('fields.package')}</legend>
        {PRICE_CARDS.map((card) => (
          <label key={card.id} className="booking-form__package">
            <input
              type="radio"
              name="package"
              value={card.id}
              checked={draft.package === card.id}
              onChange={() => set('package')(card.id)}
            />
            <span>
              <strong>{home(`pricing.${card.id}.title`)}</strong>{' '}
              <bdi className="muted">{priceCardPrice(card, home, language)}</bdi>
            </span>
          </label>
        ))}
      </fieldset>
      <BookingField
        label={t('fields.phone')}
        {...field('phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        required
      />
      <div className="form-field">
        <label htmlFor="booking-note">{t('fields.note')}</label>
        <textarea
          id="booking-note"
          name="note"
          rows={3}
          maxLength={BOOKING_LIMITS.note}
          value={draft.note}
          onChange={(event) => set('note')(event.target.value)}
          aria-invalid={noteProblem ? true : undefined}
          aria-describedby={noteProblem ? 'booking-note-error' : undefined}
        />
        {noteProblem && (
          <span id="booking-note-error" className="booking-form__field-error">
            {t(fieldErrorKey(noteProblem, 'note'))}
          </span>
        )}
      </div>
      <dl className="booking-form__price" aria-live="polite">
        <dt>{t('price.total')}</dt>
        <dd>
          <bdi>
            {money(price.total) ?? t(draft.package === 'custom' ? 'price.afterConsultation' : 'price.byChoice')}
          </bdi>
        </dd>
        {price.deposit && (
          <>
            <dt>{t('price.deposit')}</dt>
            <dd>
              <bdi>{money(price.deposit)}</bdi>
            </dd>
          </>
        )}
      </dl>
      <FormSubmit
        busy={send.busy}
        error={send.errorKey && t(send.errorKey, { ns: ['booking', 'common'] })}
        label={t('actions.send')}
        busyLabel={t('actions.sending')}
      />
    </form>
  );
}
