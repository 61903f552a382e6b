// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { isolate, isolateFor } from '../../../shared/bidi';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import type { EntryResult } from '../../../shared/schemas/events';
import { useNoindex } from '../../hooks/useNoindex';
import { testTexts } from '../../test-texts';
import { BuyEntryDialog } from './BuyEntryDialog';
import { EntryCard } from './EntryCard';

async function renderIn(language: Language, ui: ReactNode) {
  const instance = await testTexts(language, ['common', 'gallery', 'proofing', 'events'], 'common');
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}

const money = (agorot: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'ILS' }).format(agorot / 100);

const entry: EntryResult = {
  id: '0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10',
  number: '12',
  rider: 'נועה כהן',
  horse: 'Zorro',
  class: '1.10 m',
  startTime: '2026-05-14T06:30:00.000Z',
  items: [],
  photoCount: 0,
  wholeEntry: { horses: 2, total: { amount: 9000, currency: 'ILS' } },
};

describe('buying a whole entry', () => {
  it.each(LANGUAGES)('asks first, with the ride, the price as %s writes it and the horses it covers', async (lng) => {
    const onBuy = vi.fn();
    await renderIn(
      lng,
      <BuyEntryDialog entry={entry} language={lng} busy={false} errorKey={null} onBuy={onBuy} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(money(9000, lng));
    // The ride's parts keep their own direction inside the sentence.
    expect(dialog.textContent).toContain(isolate('נועה כהן · Zorro'));
    expect(dialog.textContent).toMatch(/2|שני|حصانين/);
    screen.getAllByRole('button').at(-1)?.click();
    expect(onBuy).toHaveBeenCalledWith('');
  });

  it('says nothing of horses for a rider with one', async () => {
    await renderIn(
      'en',
      <BuyEntryDialog
        entry={{ ...entry, wholeEntry: { horses: 1, total: { amount: 6000, currency: 'ILS' } } }}
        language="en"
        busy={false}
        errorKey={null}
        onBuy={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog')).not.toHaveTextContent('horse');
    expect(screen.getByRole('button', { name: 'Order for ₪60.00' })).toBeEnabled();
  });
});

function Robots({ noindex }: { noindex: boolean }) {
  useNoindex(noindex);
  return null;
}

describe('an entry the start list gives by its number alone', () => {
  const numberOnly: EntryResult = { ...entry, rider: '', horse: '', class: '', startTime: null };

  it.each(LANGUAGES)('is bought by its number, with no empty name (%s)', async (lng) => {
    await renderIn(
      lng,
      <BuyEntryDialog
        entry={numberOnly}
        language={lng}
        busy={false}
        errorKey={null}
        onBuy={() => {}}
        onClose={() => {}}
      />,
    );
    const summary = screen.getByRole('dialog').querySelector('.send-form__summary');
    expect(summary?.textContent).toContain(isolateFor(lng, '12'));
    // Not “start number 12: .” with an empty name after the colon.
    expect(summary?.textContent).not.toMatch(/[:：]\s*[\u2068\u2069]*\.$/);
  });

  it('shows the number, and no label for the rider, class or time it does not have', async () => {
    await renderIn(
      'he',
      <EntryCard entry={numberOnly} language="he" tools={{ entryAction: () => null }} loadAll={async () => []} />,
    );
    const card = screen.getByTestId('entry');
    expect(card.querySelector('h3')?.textContent).toBe('מספר התחלה 12');
    expect(card.querySelector('dl')?.children).toHaveLength(0);
    expect(card.querySelector('time')).toBeNull();
  });
});

describe('the robots tag', () => {
  it('is on the page only while the page may not be indexed', () => {
    const tags = () => document.head.querySelectorAll('meta[name="robots"][content="noindex"]').length;
    const view = render(<Robots noindex />);
    expect(tags()).toBe(1);
    view.rerender(<Robots noindex={false} />);
    expect(tags()).toBe(0);
    view.rerender(<Robots noindex />);
    view.unmount();
    expect(tags()).toBe(0);
  });
});
