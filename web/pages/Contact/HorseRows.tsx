import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_LIMITS } from '../../../shared/schemas/booking';
import type { FieldProblem } from '../../api/field-problems';
import { BookingField } from './BookingField';

export interface HorseDraft {
  name: string;
  heat: string;
}

interface HorseRowsProps {
  horses: HorseDraft[];
  onChange: (horses: HorseDraft[]) => void;
  problem: (field: string) => FieldProblem | null;
}

/** The horses, each with its heat: add one (focus moves to its name), remove one (never the last). */
export function HorseRows({ horses, onChange, problem }: HorseRowsProps) {
  const { t } = useTranslation('booking');
  const list = useRef<HTMLOListElement>(null);
  const added = useRef(false);

  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
  });

  const change = (index: number, horse: HorseDraft) =>
    onChange(horses.map((current, at) => (at === index ? horse : current)));

  return (
    <fieldset className="booking-form__horses">
      <legend>{t('fields.horses')}</legend>
      <ol ref={list}>
        {horses.map((horse, index) => (
          // Rows have no identity beyond their place: removing one re-renders those after it with their values.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="booking-form__horse">
            <BookingField
              label={t('fields.horseName', { number: index + 1 })}
              name={`horses.${index}.name`}
              value={horse.name}
              onChange={(name) => change(index, { ...horse, name })}
              problem={problem(`horses.${index}.name`)}
              errorKey="horseName"
              maxLength={BOOKING_LIMITS.horse}
              required
            />
            <BookingField
              label={t('fields.heat', { number: index + 1 })}
              name={`horses.${index}.heat`}
              value={horse.heat}
              onChange={(heat) => change(index, { ...horse, heat })}
              problem={problem(`horses.${index}.heat`)}
              errorKey="heat"
              maxLength={BOOKING_LIMITS.heat}
              required
            />
            {horses.length > 1 && (
              <button
                type="button"
                className="button button--ghost booking-form__remove"
                onClick={() => onChange(horses.filter((_, at) => at !== index))}
              >
                {t('actions.removeHorse', { number: index + 1 })}
              </button>
            )}
          </li>
        ))}
      </ol>
      {horses.length < BOOKING_LIMITS.horses && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            added.current = true;
            onChange([...horses, { name: '', heat: horses.at(-1)?.heat ?? '' }]);
          }}
        >
          {t('actions.addHorse')}
        </button>
      )}
    </fieldset>
  );
}
