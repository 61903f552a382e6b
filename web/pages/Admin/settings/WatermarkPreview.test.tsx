// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WatermarkSettings } from '../../../../shared/schemas/proofing';
import { testTexts } from '../../../test-texts';
import { WatermarkPanel } from './WatermarkPanel';

const SETTINGS: WatermarkSettings = { text: 'Noa Photo', layout: 'tiled', hasLogo: false, version: 'v1' };

/** The saved watermark, and a main gallery without photos (so the neutral sample is drawn). */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url === '/api/admin/watermark' ? SETTINGS : { items: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

async function renderPanel() {
  const instance = await testTexts('en', ['admin', 'common'], 'admin');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <WatermarkPanel />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the watermark preview', () => {
  it('draws the text as it is typed and the layout as it is chosen, before anything is saved', async () => {
    stubServer();
    await renderPanel();
    const preview = await screen.findByTestId('watermark-preview');
    expect(within(preview).getByTestId('watermark-preview-sample')).toBeInTheDocument();
    expect(preview).toHaveTextContent('Preview on a sample picture');
    const marks = () => within(preview).getByTestId('watermark-preview-marks');
    const texts = () => [...marks().querySelectorAll('text')].map((node) => node.textContent);

    // Tiled: many lines, turned; each says the text.
    const tiled = Number(marks().dataset.count);
    expect(tiled).toBeGreaterThan(4);
    expect(marks()).toHaveAttribute('transform', 'rotate(-30 750 500)');
    expect(new Set(texts())).toEqual(new Set(['Noa Photo']));

    fireEvent.change(screen.getByLabelText('Watermark text'), { target: { value: 'Studio Noa' } });
    expect(new Set(texts())).toEqual(new Set(['Studio Noa']));

    fireEvent.click(screen.getByLabelText('Once, in the centre'));
    expect(preview).toHaveAttribute('data-layout', 'centered');
    expect(marks().dataset.count).toBe('1');
    expect(marks()).not.toHaveAttribute('transform');
    const [line] = marks().querySelectorAll('text');
    expect(line).toHaveAttribute('x', '750');
    expect(line).toHaveAttribute('y', '500');
  });
});
