// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { HIDDEN_CHARACTERS } from '../../../shared/text-rule';
import { ApiError } from '../../api/client';
import { errorMessageKey } from '../../api/error-messages';
import { testTexts } from '../../test-texts';
import { BookingRequestForm } from './BookingRequestForm';

describe('a booking field with hidden characters', () => {
  it.each(LANGUAGES)('is marked with its own message in %s, before anything is sent', async (lng) => {
    const texts = await testTexts(lng, ['booking', 'home', 'common'], 'booking');
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nextProvider i18n={texts}>
          <BookingRequestForm email="rider@example.com" />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    const field = (selector: string) => container.querySelector(selector) as HTMLInputElement;
    fireEvent.change(field('input[name="riderName"]'), { target: { value: 'Rider \u202Eevil' } });
    fireEvent.change(field('textarea[name="note"]'), { target: { value: 'bell\u0007' } });
    fireEvent.submit(container.querySelector('form') as HTMLFormElement);

    const hidden = texts.t('errors.hiddenCharacters');
    expect(hidden).not.toBe('errors.hiddenCharacters');
    for (const selector of ['input[name="riderName"]', 'textarea[name="note"]']) {
      const input = field(selector);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const message = container.querySelector(`#${CSS.escape(input.getAttribute('aria-describedby') ?? '')}`);
      expect(message?.textContent).toBe(hidden);
    }
    // A field that is only missing keeps its own words.
    const event = field('input[name="event"]');
    expect(container.querySelector(`#${CSS.escape(event.getAttribute('aria-describedby') ?? '')}`)?.textContent).toBe(
      texts.t('errors.event'),
    );
  });
});

describe('the server refusing a field for hidden characters', () => {
  it.each(LANGUAGES)('is told apart from any other invalid field, in %s', async (lng) => {
    const texts = await testTexts(lng, ['common'], 'common');
    const refusal = (reason?: string) =>
      new ApiError('invalid-argument', 'Some fields are missing or not valid.', 400, {
        fields: [{ field: 'fullName', message: 'x', ...(reason ? { reason } : {}) }],
      });
    expect(errorMessageKey(refusal())).toBe('common:errors.invalidArgument');
    const key = errorMessageKey(refusal(HIDDEN_CHARACTERS));
    expect(key).toBe('common:errors.hiddenCharacters');
    expect(texts.t(key)).not.toBe('errors.hiddenCharacters');
    expect(texts.t(key)).not.toBe(texts.t('common:errors.invalidArgument'));
  });
});
