// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '../../../shared/schemas/events';
import { testTexts } from '../../test-texts';
import { EventPoster } from './EventPoster';

const EVENT: PublicEvent = {
  slug: 'gvia-hasharon',
  name: 'גביע השרון',
  date: '2026-05-14',
  endDate: '2026-05-14',
  venue: 'Kfar Hess',
  discipline: 'show-jumping',
  indexable: true,
  cover: null,
  entryCount: 40,
  photoCount: 0,
};

describe('the event’s poster', () => {
  it('shows the event’s name and a QR code of its page, in Hebrew', async () => {
    const i18n = await testTexts('he', ['events']);
    render(
      <I18nextProvider i18n={i18n}>
        <EventPoster event={EVENT} pageUrl="https://photos.example/events/gvia-hasharon" language="he" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('גביע השרון');
    expect(screen.getByText('מצאו את התמונות שלכם לפי המספר')).toBeInTheDocument();
    const qr = screen.getByTestId('poster-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('aria-label', 'קוד QR לתמונות של התחרות');
    // A real code: dark modules drawn, in a square of a size QR codes come in (21 + 4k modules, plus the margins).
    const size = Number(qr.getAttribute('viewBox')?.split(' ')[2]);
    expect((size - 4 - 21) % 4).toBe(0);
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(500);
    expect(screen.getByText('photos.example/events/gvia-hasharon')).toBeInTheDocument();
  });
});
