// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adoptServerAnswers,
  readServerState,
  renderedAnswers,
  type ServerState,
  serverStateScript,
} from './server-state';

describe('the state a server-rendered page carries', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('carries the answers that succeeded and is read back whole', async () => {
    const server = new QueryClient();
    server.setQueryData(['gallery', 'all', 1], { items: [] });
    await server.prefetchQuery({
      queryKey: ['broken'],
      queryFn: () => Promise.reject(new Error('down')),
      retry: false,
    });
    const state: ServerState = {
      language: 'he',
      texts: {} as ServerState['texts'],
      answers: renderedAnswers(server),
      intlTexts: { 'money:1': '₪1' },
    };
    document.body.innerHTML = serverStateScript(state);
    expect(readServerState()).toEqual({ ...state, answers: [{ key: ['gallery', 'all', 1], data: { items: [] } }] });
  });

  it('counts its answers as fetched when the page arrived, however long ago it was made', () => {
    const browser = new QueryClient();
    const before = Date.now();
    adoptServerAnswers(browser, [{ key: ['gallery', 'all', 1], data: { items: [] } }]);
    const query = browser.getQueryCache().find({ queryKey: ['gallery', 'all', 1] });
    expect(query?.state.data).toEqual({ items: [] });
    expect(query?.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(query?.isStale()).toBe(false);
  });

  it('keeps a text that would close its script element inside it', () => {
    const state = { language: 'he', texts: {}, answers: [{ key: ['x'], data: '</script><b>' }], intlTexts: {} };
    document.body.innerHTML = serverStateScript(state as unknown as ServerState);
    expect(readServerState()?.answers[0]?.data).toBe('</script><b>');
  });

  it('is absent from a page the browser renders', () => {
    expect(readServerState()).toBeNull();
  });
});
