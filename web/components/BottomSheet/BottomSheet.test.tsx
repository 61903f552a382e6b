// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../pages/Admin/folders/BulkBar';
import type { GridSelection } from '../../pages/Admin/folders/useGridSelection';
import { testTexts } from '../../test-texts';
import { BottomSheetProvider } from './BottomSheet';

const selection = {
  chosen: [{ id: 'a' }],
  canFeature: false,
  selectAll: vi.fn(),
  clear: vi.fn(),
  trash: vi.fn(),
  startMove: vi.fn(),
  feature: vi.fn(),
  addToMain: vi.fn(),
} as unknown as GridSelection;

/** A page with a selection bar inside it, and the upload tray the layout hands the sheet. */
async function renderPage({ tray }: { tray: boolean }) {
  const instance = await testTexts('he', ['admin', 'common'], 'admin');
  return render(
    <I18nextProvider i18n={instance}>
      <BottomSheetProvider
        tray={tray ? <section data-testid="upload-tray">3 of 12</section> : null}
        footer={<footer data-testid="footer" />}
      >
        <main>
          <ul data-testid="grid" />
          <BulkBar selection={selection} total={4} isMain={false} working={false} />
        </main>
      </BottomSheetProvider>
    </I18nextProvider>,
  );
}

describe('the bottom sheet', () => {
  it('holds the selection bar and the upload tray as two sections of one sheet, the selection on top', async () => {
    await renderPage({ tray: true });
    const sheets = screen.getAllByTestId('bottom-sheet');
    expect(sheets).toHaveLength(1);
    const sheet = sheets[0] as HTMLElement;
    const bar = within(sheet).getByTestId('bulk-bar');
    const tray = within(sheet).getByTestId('upload-tray');
    expect(bar.compareDocumentPosition(tray) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Nothing of the bar stays in the page itself.
    expect(within(screen.getByRole('main')).queryByTestId('bulk-bar')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'מחיקת הנבחרים' })).toBeEnabled();
  });

  it('comes right after the page in the tab order, before the footer', async () => {
    await renderPage({ tray: false });
    const sheet = screen.getByTestId('bottom-sheet');
    expect(screen.getByRole('main').compareDocumentPosition(sheet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sheet.compareDocumentPosition(screen.getByTestId('footer')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(sheet).getByTestId('bulk-bar')).toBeInTheDocument();
    expect(within(sheet).queryByTestId('upload-tray')).toBeNull();
  });
});
