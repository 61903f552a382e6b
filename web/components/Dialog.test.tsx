// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testTexts } from '../test-texts';
import { ConfirmDialog, useConfirm } from './Dialog';

async function renderIn(ui: ReactNode) {
  const instance = await testTexts('en', ['common'], 'common');
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}

function Question({ busy = false, error = null }: { busy?: boolean; error?: string | null }) {
  return (
    <ConfirmDialog
      title="Delete the photo?"
      tone="danger"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      busy={busy}
      error={error}
      focusCancel
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>It goes to the trash.</p>
    </ConfirmDialog>
  );
}
const onConfirm = vi.fn();
const onCancel = vi.fn();

describe('a confirm dialog', () => {
  it('asks the question, starts on the backing-out button and answers with either button', async () => {
    onConfirm.mockClear();
    onCancel.mockClear();
    await renderIn(<Question />);
    const dialog = screen.getByRole('dialog', { name: 'Delete the photo?' });
    expect(dialog).toHaveClass('dialog--danger');
    expect(dialog).toHaveTextContent('It goes to the trash.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('waits while busy: buttons and Escape do nothing, the confirming button says what is happening', async () => {
    onConfirm.mockClear();
    onCancel.mockClear();
    await renderIn(<Question busy error="The photo could not be deleted." />);
    const confirm = screen.getByRole('button', { name: 'Deleting…' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('The photo could not be deleted.');
    fireEvent.submit(confirm.closest('form') as HTMLFormElement);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('answers useConfirm: true for the confirming button, false for Escape', async () => {
    const answers: boolean[] = [];
    function Asker() {
      const [confirm, dialog] = useConfirm();
      return (
        <>
          <button
            type="button"
            onClick={async () => answers.push(await confirm({ title: 'Send?', confirmLabel: 'Send' }))}
          >
            ask
          </button>
          {dialog}
        </>
      );
    }
    await renderIn(<Asker />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ask' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ask' })));
    await act(async () => fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true })));
    expect(answers).toEqual([true, false]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
