// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { isolate } from '../../../shared/bidi';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { priceOfPicks } from '../../../shared/pricing';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import { OrderStatusPanel } from '../../components/Picking/OrderStatusPanel';
import { PickButton } from '../../components/Picking/PickButton';
import { PicksSummary } from '../../components/Picking/PicksSummary';
import { SendDialog } from '../../components/Picking/SendDialog';
import { aPhoto } from '../../test-media';
import { aClientOrder } from '../../test-orders';
import { testTexts } from '../../test-texts';

async function renderIn(language: Language, ui: ReactNode) {
  const instance = await testTexts(language, ['common', 'gallery', 'proofing'], 'common');
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}

function picks(count: number, overrides: Partial<PicksResponse> = {}): PicksResponse {
  const price = priceOfPicks(count);
  return {
    mediaIds: Array.from({ length: count }, (_, i) => `m${i}`),
    count,
    included: price.included,
    includedLimit: price.includedLimit,
    includedByPhotographer: false,
    unitPrice: { amount: price.unitAmount, currency: 'ILS' },
    total: price.total,
    mode: 'proofing',
    locked: false,
    order: null,
    delivered: 0,
    ...overrides,
  };
}

/** The price fields of `count` picks with `includedLimit` included, as the server answers them. */
function priceOfPicksAnswer(count: number, includedLimit: number): Partial<PicksResponse> {
  const price = priceOfPicks(count, { includedLimit });
  return { included: price.included, includedLimit, total: price.total };
}

const money = (agorot: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'ILS' }).format(agorot / 100);

const photo = aPhoto({
  image: { src: '/media/abc/proof-960.webp', srcset: { avif: '', webp: '/w 960w', jpeg: '' } },
  proof: true,
});

describe('the picks summary', () => {
  it.each(LANGUAGES)(
    'shows the count and the amount in the %s format, and explains it from the price data',
    async (language) => {
      const three = picks(3);
      await renderIn(language, <PicksSummary picks={three} language={language} errorKey={null} onSend={() => {}} />);
      expect(screen.getByTestId('picks-total').textContent).toBe(money(three.total.amount, language));
      expect(screen.getByTestId('picks-count').textContent).toContain('3');
      const explain = screen.getByTestId('picks-explain').textContent ?? '';
      const unit = money(three.unitPrice.amount, language);
      expect(explain).toContain(language === 'he' || language === 'ar' ? isolate(unit) : unit);
      // Nothing untranslated: a missing key would show its own name.
      expect(document.body.textContent).not.toMatch(/summary\.|picksView\./);
    },
  );

  it('reads "3 photos picked" and ₪6.00 in English, for 2 included and ₪6 each', async () => {
    await renderIn('en', <PicksSummary picks={picks(3)} language="en" errorKey={null} onSend={() => {}} />);
    expect(screen.getByTestId('picks-count')).toHaveTextContent('3 photos picked');
    expect(screen.getByTestId('picks-total')).toHaveTextContent('₪6.00');
    expect(screen.getByTestId('picks-explain')).toHaveTextContent(
      'The first 2 photos are included in your deposit, then ₪6.00 each.',
    );
  });

  it('says the photographer’s included photos are included, without calling them a deposit', async () => {
    // An invited client who paid no deposit, given three photos by the photographer.
    const gifted = picks(4, { ...priceOfPicksAnswer(4, 3), includedByPhotographer: true });
    await renderIn('en', <PicksSummary picks={gifted} language="en" errorKey={null} onSend={() => {}} />);
    expect(screen.getByTestId('picks-explain')).toHaveTextContent('The first 3 photos are included, then ₪6.00 each.');
    await renderIn('he', <PicksSummary picks={gifted} language="he" errorKey={null} onSend={() => {}} />);
    expect(screen.getAllByTestId('picks-explain').at(-1)?.textContent).not.toContain('מקדמה');
  });

  it('says every photo is paid for once the deposit is used', async () => {
    // The server says the deposit is used (includedLimit 0) after a delivered order.
    const later = { ...picks(0), includedLimit: 0, order: { ...orderOf('delivered') } };
    await renderIn('en', <PicksSummary picks={later} language="en" errorKey={null} onSend={() => {}} />);
    expect(screen.getByTestId('picks-explain')).toHaveTextContent('₪6.00 per photo.');
  });

  it('offers sending only with a pick, and not at all once the selection is sent', async () => {
    const onSend = vi.fn();
    const view = await renderIn('en', <PicksSummary picks={picks(0)} language="en" errorKey={null} onSend={onSend} />);
    expect(screen.getByRole('button', { name: 'Send my selection' })).toBeDisabled();
    view.unmount();
    await renderIn('en', <PicksSummary picks={picks(2)} language="en" errorKey={null} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send my selection' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    await renderIn(
      'en',
      <PicksSummary
        picks={picks(2, { locked: true })}
        language="en"
        errorKey="common:errors.selectionLocked"
        onSend={onSend}
      />,
    );
    expect(screen.getAllByRole('button', { name: 'Send my selection' })).toHaveLength(1);
    expect(screen.getByText('Selection sent')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your selection was sent and can no longer be changed.');
  });
});

describe('the heart', () => {
  it('is a toggle button named for its photo, pressed when picked, and works from the keyboard', async () => {
    const onToggle = vi.fn();
    await renderIn(
      'en',
      <PickButton item={photo} number={3} picked={false} disabled={false} onToggle={onToggle} variant="tile" />,
    );
    const heart = screen.getByRole('button', { name: 'Pick photo 3' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    heart.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(2);
    expect(onToggle).toHaveBeenLastCalledWith(photo, true);
  });

  it('un-picks when pressed, and cannot change while the selection is locked', async () => {
    const onToggle = vi.fn();
    await renderIn('he', <PickButton item={photo} picked disabled onToggle={onToggle} variant="lightbox" />);
    const heart = screen.getByRole('button', { name: 'בחירת התמונה הזו' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toBeDisabled();
    fireEvent.click(heart);
    expect(onToggle).not.toHaveBeenCalled();
  });
});

describe('the send step', () => {
  it('shows what is sent, takes a note within the limit and sends it trimmed; Escape and Back go back', async () => {
    const onSend = vi.fn();
    const onClose = vi.fn();
    await renderIn(
      'en',
      <SendDialog picks={picks(3)} language="en" busy={false} errorKey={null} onSend={onSend} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Send your selection?' });
    expect(dialog).toHaveTextContent('3 photos, total ₪6.00');
    const note = screen.getByLabelText('A note to the photographer (optional)');
    expect(note).toHaveAttribute('maxlength', '2000');
    await userEvent.type(note, '  Black and white please  ');
    expect(dialog).toHaveTextContent('1974 characters left.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('Black and white please');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps its buttons disabled while sending, and shows a refusal', async () => {
    await renderIn(
      'en',
      <SendDialog
        picks={picks(3)}
        language="en"
        busy
        errorKey="common:errors.noPicks"
        onSend={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Pick at least one photo first.');
  });
});

function orderOf(status: 'submitted' | 'paid' | 'delivered' | 'cancelled'): NonNullable<PicksResponse['order']> {
  return aClientOrder({
    id: 'o1',
    status,
    note: 'Black and white please',
    history: [
      { status: 'submitted', at: '2026-05-01T10:00:00.000Z' },
      ...(status === 'submitted' ? [] : [{ status, at: '2026-05-02T12:30:00.000Z' }]),
    ],
  });
}

describe('the order status', () => {
  it.each(LANGUAGES)('names each step with its date in %s', async (language) => {
    await renderIn(language, <OrderStatusPanel order={orderOf('paid')} language={language} />);
    const panel = screen.getByTestId('order-status');
    expect(panel).toHaveAttribute('data-status', 'paid');
    const times = panel.querySelectorAll('time');
    expect([...times].map((time) => time.getAttribute('datetime'))).toEqual([
      '2026-05-01T10:00:00.000Z',
      '2026-05-02T12:30:00.000Z',
    ]);
    expect(times[1]?.textContent).toBe(
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-05-02T12:30:00.000Z'),
      ),
    );
    expect(screen.getByTestId('order-total').textContent).toBe(money(600, language));
    expect(panel.textContent).not.toMatch(/order\.(status|explain)/);
  });

  it('tells a client whose photos are delivered how to download them', async () => {
    await renderIn('en', <OrderStatusPanel order={orderOf('delivered')} language="en" />);
    expect(screen.getByTestId('order-status')).toHaveTextContent('Your photos are ready.');
    expect(screen.getByText('Black and white please')).toBeInTheDocument();
  });
});
