// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { useConfirm } from '../../../components/Dialog';
import { testTexts } from '../../../test-texts';
import { MediaGrid } from './MediaGrid';

const item = (id: string, name: string, edited = false) =>
  ({ id, name, status: 'ready', kind: 'image', size: 1000, view: null, edited }) as unknown as AdminMedia;
const ITEMS = [item('a', 'ride-1.jpg'), item('b', 'ride-2.jpg', true)];

/** The folder view's part: Delete asks the app's own question first, then deletes. */
function Folder({ deleted }: { deleted: (item: AdminMedia) => void }) {
  const { t } = useTranslation('admin');
  const [confirm, confirmDialog] = useConfirm();
  return (
    <>
      {confirmDialog}
      <MediaGrid
        folder="noa_example_com"
        isMain={false}
        items={ITEMS}
        working={false}
        run={async (task) => task()}
        confirm={confirm}
        say={() => {}}
        failureText={(_error, fallback) => fallback}
        onDelete={async (chosen) => {
          const sure = await confirm({ title: t('folder.confirmDelete'), confirmLabel: t('folder.delete') });
          if (sure) deleted(chosen);
        }}
      />
    </>
  );
}

async function renderFolder(deleted: (item: AdminMedia) => void, language = 'en') {
  const instance = await testTexts(language, ['admin', 'common', 'sales'], 'admin');
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={instance}>
        <Folder deleted={deleted} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const tile = (name: string) =>
  screen.getAllByTestId('admin-media').find((li) => li.dataset.name === name) as HTMLElement;

describe("a photo's Actions menu", () => {
  it('is one menu button per tile and no Delete button of its own', async () => {
    await renderFolder(() => {});
    for (const name of ['ride-1.jpg', 'ride-2.jpg']) {
      const button = within(tile(name)).getByRole('button', { name: `Actions ${name}` });
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(within(tile(name)).queryByRole('button', { name: 'Delete' })).toBeNull();
    }
  });

  it('opens from the keyboard, moves with the arrows and Home/End, and Escape gives the focus back', async () => {
    await renderFolder(() => {});
    const button = within(tile('ride-2.jpg')).getByRole('button', { name: 'Actions ride-2.jpg' });
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const menu = within(tile('ride-2.jpg')).getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    const [versions, remove] = within(menu).getAllByRole('menuitem');
    expect(versions).toHaveTextContent('Earlier versions');
    expect(remove).toHaveTextContent('Delete…');
    expect(versions).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(remove).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(versions).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'End' });
    expect(remove).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(versions).toHaveFocus();
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(within(tile('ride-2.jpg')).getByRole('menuitem', { name: 'Delete…' })).toHaveFocus();
  });

  it('closes on a press outside', async () => {
    await renderFolder(() => {});
    fireEvent.click(within(tile('ride-1.jpg')).getByRole('button', { name: 'Actions ride-1.jpg' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('deletes one photo only once the question is answered yes', async () => {
    const deleted = vi.fn();
    await renderFolder(deleted);
    const open = () => fireEvent.click(within(tile('ride-1.jpg')).getByRole('button', { name: 'Actions ride-1.jpg' }));
    open();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this item?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await act(async () => {});
    expect(deleted).not.toHaveBeenCalled();
    open();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await act(async () => {});
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(deleted.mock.calls[0]?.[0]).toMatchObject({ id: 'a' });
  });
});
