// @vitest-environment jsdom

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { testTexts } from '../../../test-texts';
import { UploadEditsDialog } from './UploadEdits';
import { uploadStore } from './upload-store';

function media(name: string, id: string, withPicture = false): AdminMedia {
  return {
    id,
    folder: 'noa',
    name,
    kind: 'image',
    status: 'ready',
    errorCode: null,
    size: 1000,
    contentType: 'image/jpeg',
    timeCreated: '2026-05-01T10:00:00.000Z',
    deletedAt: null,
    purgeAt: null,
    edited: false,
    view: withPicture
      ? {
          id,
          kind: 'image',
          name,
          width: 300,
          height: 200,
          placeholder: null,
          image: { src: `/media/${id}/480.jpg`, srcset: { avif: '', webp: '', jpeg: '' } },
          video: null,
          duration: null,
        }
      : null,
  };
}

const items = [
  media('IMG_1001.jpg', 'id-1001', true),
  media('IMG_1002.jpg', 'id-1002'),
  media('IMG_3000.heic', 'id-3000-heic'),
  media('IMG_3000.jpg', 'id-3000-jpg'),
];

const file = (name: string) => new File(['edited'], name, { type: 'image/jpeg' });

async function openDialog(language = 'en') {
  const instance = await testTexts(language, ['common', 'sales'], 'sales');
  const onClose = vi.fn();
  const add = vi.spyOn(uploadStore, 'add').mockImplementation(() => undefined);
  render(
    <I18nextProvider i18n={instance}>
      <UploadEditsDialog folder="noa" items={items} onClose={onClose} />
    </I18nextProvider>,
  );
  return { onClose, add };
}

async function choose(names: string[]) {
  const files = names.map(file);
  fireEvent.change(screen.getByTestId('edits-input'), { target: { files } });
  await screen.findAllByTestId('edit-row');
  return files;
}

const row = (name: string) =>
  screen.getAllByTestId('edit-row').find((each) => each.dataset.name === name) as HTMLElement;
const outcomes = () => screen.getAllByTestId('edit-row').map((each) => `${each.dataset.name}: ${each.dataset.outcome}`);

afterEach(() => vi.restoreAllMocks());

describe('uploading edits', () => {
  it('shows each file’s item, the new ones and the conflicts, and sends nothing until they are settled', async () => {
    const { add, onClose } = await openDialog();
    await choose(['IMG_1001-Edit.jpg', 'DSC_0001.jpg', 'IMG_1002-Edit.jpg', 'IMG_1002 (1).jpg', 'IMG_3000.tif']);

    expect(outcomes()).toEqual([
      'IMG_1001-Edit.jpg: replace',
      'DSC_0001.jpg: new',
      'IMG_1002-Edit.jpg: conflict',
      'IMG_1002 (1).jpg: conflict',
      'IMG_3000.tif: conflict',
    ]);
    // The item it replaces, with its thumbnail; the file name isolated.
    const matched = within(row('IMG_1001-Edit.jpg'));
    expect(matched.getByTestId('edit-item')).toHaveTextContent('IMG_1001.jpg');
    expect(row('IMG_1001-Edit.jpg').querySelector('img')).toHaveAttribute('src', '/media/id-1001/480.jpg');
    expect(matched.getByText('IMG_1001-Edit.jpg', { selector: 'th bdi' })).toBeInTheDocument();
    // An unmatched file says so, and is offered as a new item, ticked.
    const stranger = within(row('DSC_0001.jpg'));
    expect(stranger.getByText('No item of this folder has this name.')).toBeInTheDocument();
    expect(stranger.getByRole('checkbox', { name: 'Upload as a new item DSC_0001.jpg' })).toBeChecked();
    expect(within(row('IMG_3000.tif')).getByText(/Several items have this name/)).toBeInTheDocument();
    expect(within(row('IMG_1002 (1).jpg')).getByText(/Another file would replace the same item/)).toBeInTheDocument();

    const summary = screen.getByTestId('edits-summary');
    expect(summary).toHaveTextContent('1 will replace · 1 new · 3 conflicts');
    expect([...summary.querySelectorAll('bdi')].map((n) => n.textContent)).toEqual(['1', '1', '3']);

    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Settle each conflict first');
    expect(add).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('queues the replacements with the item they replace and the new items without, once settled', async () => {
    const { add, onClose } = await openDialog();
    const files = await choose([
      'IMG_1001-Edit.jpg',
      'DSC_0001.jpg',
      'IMG_1002-Edit.jpg',
      'IMG_1002 (1).jpg',
      'IMG_3000.tif',
    ]);

    // Both copies of IMG_1002 chosen for it: still two claims on one item.
    fireEvent.change(within(row('IMG_1002-Edit.jpg')).getByRole('combobox'), { target: { value: 'item:id-1002' } });
    fireEvent.change(within(row('IMG_1002 (1).jpg')).getByRole('combobox'), { target: { value: 'item:id-1002' } });
    expect(outcomes().slice(2, 4)).toEqual(['IMG_1002-Edit.jpg: conflict', 'IMG_1002 (1).jpg: conflict']);
    // One of them is left out; the other type's item is chosen for the TIFF.
    fireEvent.click(within(row('IMG_1002 (1).jpg')).getByRole('checkbox', { name: 'Don’t upload IMG_1002 (1).jpg' }));
    fireEvent.change(within(row('IMG_3000.tif')).getByRole('combobox'), { target: { value: 'item:id-3000-jpg' } });
    expect(within(row('IMG_3000.tif')).getByTestId('edit-item')).toHaveTextContent('IMG_3000.jpg');
    expect(screen.getByTestId('edits-summary')).toHaveTextContent('3 will replace · 1 new · 1 not uploaded');

    fireEvent.click(screen.getByRole('button', { name: 'Upload 4 files' }));
    expect(add).toHaveBeenCalledTimes(1);
    expect(add).toHaveBeenCalledWith(
      [
        { file: files[0], replaces: 'id-1001' },
        { file: files[1] },
        { file: files[2], replaces: 'id-1002' },
        { file: files[4], replaces: 'id-3000-jpg' },
      ],
      { folder: 'noa' },
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves out an unmatched file whose "upload as a new item" is unticked, and a matched one left out', async () => {
    const { add } = await openDialog();
    const files = await choose(['IMG_1001.tif', 'DSC_0001.jpg', 'IMG_1002-2.jpg']);
    fireEvent.click(within(row('DSC_0001.jpg')).getByRole('checkbox'));
    fireEvent.click(within(row('IMG_1002-2.jpg')).getByRole('checkbox'));
    expect(screen.getByTestId('edits-summary')).toHaveTextContent('1 will replace · 2 not uploaded');

    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    expect(add).toHaveBeenCalledWith([{ file: files[0], replaces: 'id-1001' }], { folder: 'noa' });
  });

  it('matches again with the files chosen later, and refuses to send nothing', async () => {
    const { add } = await openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Upload 0 files' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing to upload yet');

    await choose(['IMG_1002-Edit.jpg']);
    expect(outcomes()).toEqual(['IMG_1002-Edit.jpg: replace']);
    fireEvent.change(screen.getByTestId('edits-input'), { target: { files: [file('IMG_1002-2.jpg')] } });
    await waitFor(() => expect(screen.getByTestId('edits-summary')).toHaveTextContent('2 conflicts'));
    expect(outcomes()).toEqual(['IMG_1002-Edit.jpg: conflict', 'IMG_1002-2.jpg: conflict']);
    expect(add).not.toHaveBeenCalled();
  });

  it('reads in Hebrew, with the numbers and the names isolated', async () => {
    await openDialog('he');
    await choose(['IMG_1001-Edit.jpg', 'IMG_1002-Edit.jpg', 'DSC_0001.jpg', 'DSC_0002.jpg', 'DSC_0003.jpg']);
    const summary = screen.getByTestId('edits-summary');
    expect(summary).toHaveTextContent('שני קבצים יחליפו פריטים · 3 פריטים חדשים');
    expect(within(summary).getByText('3').tagName).toBe('BDI');
    expect(within(row('DSC_0001.jpg')).getByText('DSC_0001.jpg', { selector: 'th bdi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'העלאת 5 קבצים' })).toBeInTheDocument();
  });

  it('has no accessibility violations axe can find, conflicts and all', async () => {
    await openDialog();
    await choose(['IMG_1001-Edit.jpg', 'DSC_0001.jpg', 'IMG_1002-Edit.jpg', 'IMG_1002 (1).jpg', 'IMG_3000.tif']);
    fireEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    // jsdom lays nothing out: axe cannot look for a modal dialog by position, nor check colours (the browser suite
    // does both). Every rule must then have run: a rule that errored would pass silently.
    document.elementFromPoint = () => null;
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.incomplete.filter((rule) => rule.error).map((rule) => rule.id)).toEqual([]);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
