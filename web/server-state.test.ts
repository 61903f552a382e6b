// @vitest-environment jsdom
import type { DehydratedState } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerState, type ServerState, serverStateScript } from './server-state';

const MADE_AN_HOUR_AGO = Date.now() - 3_600_000;

function stateMadeAnHourAgo(): ServerState {
  const queries = {
    mutations: [],
    queries: [
      {
        queryKey: ['gallery', 'all', 1],
        queryHash: '["gallery","all",1]',
        state: { data: { items: [] }, dataUpdatedAt: MADE_AN_HOUR_AGO, status: 'success' },
      },
    ],
  } as unknown as DehydratedState;
  return { language: 'he', texts: {} as ServerState['texts'], queries, intlTexts: {} };
}

describe('the state a server-rendered page carries', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is read back whole, its answers counted as fetched when the page arrived, however long ago it was made', () => {
    document.body.innerHTML = serverStateScript(stateMadeAnHourAgo());
    const before = Date.now();
    const state = readServerState();
    expect(state?.language).toBe('he');
    const [query] = state?.queries.queries ?? [];
    expect(query?.state.data).toEqual({ items: [] });
    expect(query?.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
  });

  it('is absent from a page the browser renders', () => {
    expect(readServerState()).toBeNull();
  });
});
