// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hydratingServerPage, loadPlaceholderDecoder, placeholderUrl, usePlaceholderUrl } from './placeholder';

/** ThumbHashes of two small made-up pictures. */
const FIRST = '4PcNDwJnd4eFfHgGmXc3eXZ3+PAMv+8L';
const SECOND = 'HwgGFwbLtJVJNgZLS+qKm5Zzh2hviJAG';

// One file, one module: the decoder starts unloaded and, once loaded, stays loaded for the tests after.
describe('the blurred preview of a picture', () => {
  it('is drawn in the browser once the decoder it asked for has arrived', async () => {
    expect(placeholderUrl(FIRST)).toBeUndefined();
    const { result } = renderHook(() => usePlaceholderUrl(FIRST));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toMatch(/^data:image\/png;base64,/));
    expect(result.current).toBe(placeholderUrl(FIRST));
  });

  it('is left to the server’s HTML while that page hydrates, and decoded once the element shows another picture', async () => {
    await loadPlaceholderDecoder();
    let hydrated: () => void = () => undefined;
    hydratingServerPage(new Promise<void>((resolve) => (hydrated = resolve)));
    const { result, rerender } = renderHook(({ hash }) => usePlaceholderUrl(hash), { initialProps: { hash: FIRST } });
    expect(result.current).toBeUndefined();
    hydrated();
    await Promise.resolve();
    rerender({ hash: FIRST });
    expect(result.current).toBeUndefined();
    rerender({ hash: SECOND });
    expect(result.current).toMatch(/^data:image\/png;base64,/);
    expect(result.current).toBe(placeholderUrl(SECOND));
    expect(result.current).not.toBe(placeholderUrl(FIRST));
    rerender({ hash: FIRST });
    expect(result.current).toBe(placeholderUrl(FIRST));
    // Drawn after the page has hydrated: decoded.
    expect(renderHook(() => usePlaceholderUrl(FIRST)).result.current).toBe(placeholderUrl(FIRST));
  });

  it('is not decoded for an element that draws none', () => {
    expect(renderHook(() => usePlaceholderUrl(null)).result.current).toBeUndefined();
  });
});
