import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INCLUDED_PICKS_MAX, includedPicksFor } from '../../../../shared/pricing';
import type { Client } from '../../../../shared/schemas/clients';
import { useNamespace } from '../../../hooks/useNamespace';
import { useSubmit } from '../../../hooks/useSubmit';
import { adminApi, adminKeys } from '../shared/admin-api';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';

/** The field's text as the number to save: empty for the rule (null), else a whole number in range, else undefined. */
export function includedPicksInput(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 0 && value <= INCLUDED_PICKS_MAX ? value : undefined;
}

/**
 * How many photos of the client's first order are included, set by the photographer. Left empty, the rule by how the
 * client came applies (shared/pricing.ts): the field shows that number as its placeholder and in its hint.
 */
export function IncludedPicksField({ client }: { client: Client }) {
  const { t } = useTranslation(['sales', 'admin']);
  const ready = useNamespace('sales');
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(client.includedPicks === null ? '' : String(client.includedPicks));
  const save = useSubmit((includedPicks: number | null) => adminApi.updateClient(client.id, { includedPicks }), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.clients }),
  });
  if (!ready) return null;
  const byRule = includedPicksFor({ setByPhotographer: null, invited: client.invitedAt !== null });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = includedPicksInput(text);
    if (value === undefined) save.fail('common:errors.invalidArgument');
    else save.submit(value);
  };
  return (
    <form className="client-row__included" onSubmit={onSubmit} noValidate>
      <div className="form-field">
        <label htmlFor={id}>{t('delivery.includedPicks')}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={INCLUDED_PICKS_MAX}
          step={1}
          dir="ltr"
          placeholder={String(byRule)}
          aria-describedby={`${id}-hint`}
          disabled={save.busy}
          value={text}
          onChange={(change) => {
            save.reset();
            setText(change.currentTarget.value);
          }}
        />
        <p id={`${id}-hint`} className="muted">
          {t('delivery.includedPicksHint', { number: byRule })}
        </p>
      </div>
      <SubmitWithMessages
        state={save}
        label={t('delivery.includedPicksSave')}
        busyLabel={t('admin:mode.saving')}
        success={save.done ? t('delivery.includedPicksSaved') : null}
      />
    </form>
  );
}
