// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaView } from '../../../shared/schemas/media';
import { Lightbox } from './Lightbox';

const photo: MediaView = {
  id: 'abc',
  kind: 'image',
  name: 'jump.jpg',
  width: 1200,
  height: 800,
  placeholder: null,
  image: { src: '/media/abc/960.jpg', srcset: { avif: '/a 960w', webp: '/w 960w', jpeg: '/j 960w' } },
  video: null,
  duration: null,
};

function open(overrides: Partial<Parameters<typeof Lightbox>[0]> = {}) {
  const onStep = vi.fn();
  const onClose = vi.fn();
  const view = render(
    <Lightbox item={photo} number={2} total={5} hasPrevious hasNext onStep={onStep} onClose={onClose} {...overrides} />,
  );
  return { onStep, onClose, view };
}

afterEach(() => {
  document.documentElement.dir = '';
});

describe('the lightbox', () => {
  it('opens as a modal dialog with focus inside and the page behind inert; closing gives focus back', () => {
    const root = document.createElement('div');
    root.id = 'root';
    const opener = document.createElement('button');
    root.append(opener);
    document.body.append(root);
    opener.focus();
    const { view } = open();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    expect(root).toHaveAttribute('inert');
    view.unmount();
    expect(root).not.toHaveAttribute('inert');
    expect(document.activeElement).toBe(opener);
    root.remove();
  });

  it('closes on Escape and on a click outside the content, not on the picture', () => {
    const { onClose } = open();
    fireEvent.click(screen.getByRole('img'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    const overlay = document.querySelector('.lightbox') as HTMLElement;
    fireEvent.click(overlay);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('steps with the arrows in the reading direction', () => {
    document.documentElement.dir = 'ltr';
    const ltr = open();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(ltr.onStep.mock.calls).toEqual([[1], [-1]]);
    ltr.view.unmount();

    document.documentElement.dir = 'rtl';
    const rtl = open();
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(rtl.onStep.mock.calls).toEqual([[1], [-1]]);
  });

  it('does not step past either end', () => {
    const { onStep } = open({ hasNext: false, hasPrevious: false });
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    fireEvent.keyDown(document, { key: 'ArrowLeft' });
    expect(onStep).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog', () => {
    open();
    const buttons = screen.getAllByRole('button');
    const last = buttons.at(-1) as HTMLElement;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
