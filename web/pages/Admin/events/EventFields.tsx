import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventVisibility } from '../../../../shared/schemas/events';

/** The disciplines and visibilities the server takes (shared/schemas/events.ts), without loading zod here. */
export const DISCIPLINES = ['show-jumping', 'dressage', 'eventing', 'dance', 'other'] as const;
export const VISIBILITIES = ['public', 'unlisted', 'hidden'] as const satisfies readonly EventVisibility[];
export type Discipline = (typeof DISCIPLINES)[number];

export interface EventFieldValues {
  name: string;
  date: string;
  endDate: string;
  venue: string;
  discipline: Discipline;
  visibility: EventVisibility;
}

/**
 * The fields an event is made and changed with: name, first and last day, venue, discipline and who may see its page
 * (each visibility explained). The address is the create form's own: it cannot change once links are out.
 */
export function EventFields({
  values,
  onChange,
  disabled,
}: {
  values: EventFieldValues;
  onChange: (values: EventFieldValues) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(['eventsAdmin', 'events']);
  const id = useId();
  const set = <K extends keyof EventFieldValues>(key: K, value: EventFieldValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <>
      <div className="event-form__fields">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t('fields.name')}</label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={200}
            autoComplete="off"
            disabled={disabled}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-venue`}>{t('fields.venue')}</label>
          <input
            id={`${id}-venue`}
            name="venue"
            maxLength={200}
            autoComplete="off"
            disabled={disabled}
            value={values.venue}
            onChange={(event) => set('venue', event.currentTarget.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-date`}>{t('fields.date')}</label>
          <input
            id={`${id}-date`}
            name="date"
            type="date"
            required
            disabled={disabled}
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-end`}>{t('fields.endDate')}</label>
          <input
            id={`${id}-end`}
            name="endDate"
            type="date"
            min={values.date || undefined}
            disabled={disabled}
            aria-describedby={`${id}-end-hint`}
            value={values.endDate}
            onChange={(event) => set('endDate', event.currentTarget.value)}
          />
          <p id={`${id}-end-hint`} className="muted event-form__hint">
            {t('fields.endDateHint')}
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-discipline`}>{t('fields.discipline')}</label>
          <select
            id={`${id}-discipline`}
            name="discipline"
            disabled={disabled}
            value={values.discipline}
            onChange={(event) => set('discipline', event.currentTarget.value as Discipline)}
          >
            {DISCIPLINES.map((value) => (
              <option key={value} value={value}>
                {t(`events:discipline.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="order-step__choices order-step__choices--stacked" disabled={disabled}>
        <legend>{t('fields.visibility')}</legend>
        {VISIBILITIES.map((value) => (
          <label key={value} className="order-step__choice">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={value}
              checked={values.visibility === value}
              onChange={() => set('visibility', value)}
            />
            <span>
              <strong>{t(`visibility.${value}`)}</strong>
              <span className="muted order-step__hint">{t(`visibilityHint.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
