// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaView } from '../../../shared/schemas/media';
import { useListViewer } from './ListViewer';

const item = (id: string): MediaView => ({
  id,
  kind: 'image',
  name: `${id}.jpg`,
  width: 1200,
  height: 800,
  placeholder: null,
  image: { src: `/media/${id}/960.jpg`, srcset: { avif: '', webp: '', jpeg: `/media/${id}/960.jpg 960w` } },
  video: null,
  duration: null,
});

function Picks() {
  const { open, viewer } = useListViewer([item('a'), item('b')]);
  return (
    <>
      <button type="button" onClick={() => open(item('b'))}>
        open
      </button>
      {viewer}
    </>
  );
}

describe('the viewer over a list', () => {
  it('closes on the browser Back, and takes its history entry away when closed otherwise', async () => {
    render(<Picks />);
    const length = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    // The first opening waits for the viewer's code (transformed on demand here, hence the patience).
    expect(await screen.findByRole('dialog', {}, { timeout: 15_000 })).toBeVisible();
    expect(window.history.length).toBe(length + 1);
    await act(async () => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(window.history.state).toBe('list-viewer-open');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(window.history.state).not.toBe('list-viewer-open'));
  });
});
