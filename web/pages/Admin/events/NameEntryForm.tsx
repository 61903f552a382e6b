import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../../hooks/useSubmit';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';
import { type AdminEntry, eventsAdminApi, eventsAdminKeys } from './events-admin-api';

/**
 * Names a ride known only by its number (made from a number read in the photos, or a list of numbers alone): the rider
 * and the horse, which riders then find it by too. Folded away until asked, so the table stays one line a ride.
 */
export function NameEntryForm({ eventId, entry }: { eventId: string; entry: AdminEntry }) {
  const { t } = useTranslation('eventsAdmin');
  const queryClient = useQueryClient();
  const riderId = useId();
  const horseId = useId();
  const [rider, setRider] = useState('');
  const [horse, setHorse] = useState('');
  const save = useSubmit(
    (names: { rider: string; horse: string }) => eventsAdminApi.nameEntry(eventId, entry.id, names),
    {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all }),
    },
  );
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (!rider.trim()) return save.fail('eventsAdmin:entries.name.required');
    save.submit({ rider: rider.trim(), horse: horse.trim() });
  };
  return (
    <details className="event-entries__name" data-testid="name-entry">
      <summary className="event-entries__name-toggle">{t('entries.name.open')}</summary>
      <form onSubmit={submit} noValidate aria-label={t('entries.name.label', { number: entry.number })}>
        <div className="form-field">
          <label htmlFor={riderId}>{t('entries.rider')}</label>
          <input
            id={riderId}
            dir="auto"
            maxLength={200}
            value={rider}
            onChange={(e) => setRider(e.currentTarget.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={horseId}>{t('entries.name.horse')}</label>
          <input
            id={horseId}
            dir="auto"
            maxLength={200}
            value={horse}
            onChange={(e) => setHorse(e.currentTarget.value)}
          />
        </div>
        <SubmitWithMessages state={save} label={t('entries.name.save')} busyLabel={t('entries.name.saving')} />
      </form>
    </details>
  );
}
