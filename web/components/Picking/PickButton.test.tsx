// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { MediaView } from '../../../shared/schemas/media';
import { aPhoto } from '../../test-media';
import { testTexts } from '../../test-texts';
import { PickButton } from './PickButton';

const item = (proof: boolean): MediaView =>
  aPhoto({ image: { src: '/media/abc/960.jpg', srcset: { avif: '', webp: '', jpeg: '' } }, proof });

async function renderHeart(shown: MediaView) {
  const instance = await testTexts('en', ['common', 'proofing'], 'proofing');
  return render(
    <I18nextProvider i18n={instance}>
      <PickButton item={shown} picked={false} disabled={false} onToggle={() => {}} number={3} variant="tile" />
      <PickButton item={shown} picked={false} disabled={false} onToggle={() => {}} variant="lightbox" />
    </I18nextProvider>,
  );
}

describe('the heart on an item of a proofing gallery', () => {
  it('is on every proof, on the tile and in the viewer', async () => {
    await renderHeart(item(true));
    expect(screen.getAllByTestId('pick-button')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Pick photo 3' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('is on no item already delivered to the client (listed clean)', async () => {
    await renderHeart(item(false));
    expect(screen.queryAllByTestId('pick-button')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
