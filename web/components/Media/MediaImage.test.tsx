// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import i18next from 'i18next';
import { Profiler } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { aPhoto } from '../../test-media';
import { MediaImage } from './MediaImage';

const photo = aPhoto();

/** Given explicitly: the global instance is whatever another test file in the same worker left behind. */
const keysOnly = i18next.createInstance();
void keysOnly.init({ lng: 'en', resources: {}, initAsync: false });

function show() {
  let commits = 0;
  const view = render(
    <I18nextProvider i18n={keysOnly}>
      <Profiler id="picture" onRender={() => commits++}>
        <MediaImage media={photo} sizes="100vw" alt="" />
      </Profiler>
    </I18nextProvider>,
  );
  const frame = view.container.querySelector<HTMLElement>('.media-image');
  const image = view.container.querySelector('img');
  if (!frame || !image) throw new Error('no picture drawn');
  return { frame, image, commits: () => commits };
}

afterEach(cleanup);

describe('a picture drawn by the browser', () => {
  it('waits hidden, then is marked loaded without being rendered again', () => {
    const { frame, image, commits } = show();
    expect(frame.dataset).toMatchObject({ fade: 'true', loaded: 'false' });
    fireEvent.load(image);
    expect(frame.dataset.loaded).toBe('true');
    // The mark is written on the element: a page of sixty pictures would otherwise render each one again.
    expect(commits()).toBe(1);
  });

  it('says so when the picture fails to load', () => {
    const { frame, image } = show();
    fireEvent.error(image);
    expect(frame.dataset.loaded).toBe('failed');
    expect(frame.textContent).toBe('media.loadFailed');
  });
});
