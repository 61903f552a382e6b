// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { aClientOrder } from '../../test-orders';
import { testTexts } from '../../test-texts';
import { OrderReceiptLink } from './OrderReceiptLink';

const order = (receipt: ClientOrder['receipt']): ClientOrder =>
  aClientOrder({ status: receipt ? 'paid' : 'submitted', receipt });

async function renderIn(language: string, value: ClientOrder) {
  const instance = await testTexts(language, ['sales']);
  return render(
    <I18nextProvider i18n={instance}>
      <OrderReceiptLink order={value} />
    </I18nextProvider>,
  );
}

describe('the order’s receipt link', () => {
  it('opens the paid order’s receipt in a new tab, its number isolated in a Hebrew sentence', async () => {
    const url = '/api/me/orders/0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10/receipt';
    await renderIn('he', order({ number: '2026-0001', url }));
    const link = screen.getByRole('link', { name: 'קבלה מס׳ 2026-0001 (נפתחת בכרטיסייה חדשה)' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(screen.getByText('2026-0001').tagName).toBe('BDI');
  });

  it('shows nothing before the order is paid', async () => {
    const view = await renderIn('en', order(null));
    expect(view.container).toBeEmptyDOMElement();
  });
});
