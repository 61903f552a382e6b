// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { testTexts } from '../test-texts';
import { type QueryLike, QueryState } from './QueryState';

async function renderIn(ui: ReactNode) {
  const instance = await testTexts('en', ['common', 'gallery'], 'common');
  return render(<I18nextProvider i18n={instance}>{ui}</I18nextProvider>);
}

const query = (state: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

function Names({ of, ...rest }: { of: QueryLike<string[]>; look?: 'page' | 'panel'; keepDataOnError?: boolean }) {
  return (
    <QueryState
      query={of}
      loading="Loading names"
      error="Names failed"
      errorHint="Check the line"
      isEmpty={(names) => names.length === 0}
      empty="No names"
      className="names__state"
      {...rest}
    >
      {(names) => (
        <ul data-testid="names">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('the states of a query', () => {
  it('announces the loading line on a page, and shows it quietly in a panel', async () => {
    const { rerender } = await renderIn(<Names of={query({ isPending: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading names');
    expect(screen.getByRole('status')).toHaveClass('names__state', 'muted');
    rerender(<Names of={query({ isPending: true })} look="panel" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Loading names')).toHaveClass('muted');
  });

  it('shows a failure on a page as an alert with its hint and "Try again", which asks once more', async () => {
    const failed = query({ isError: true });
    await renderIn(<Names of={failed} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Names failed');
    expect(alert).toHaveTextContent('Check the line');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows a failure in a panel as a form message, without a retry', async () => {
    await renderIn(<Names of={query({ isError: true })} look="panel" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Names failed');
    expect(screen.getByRole('alert')).toHaveClass('form-message--error');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('replaces what was shown when a later read fails, unless told to keep it', async () => {
    const stale = query({ isError: true, data: ['Ada'] });
    const { rerender } = await renderIn(<Names of={stale} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Names failed');
    expect(screen.queryByTestId('names')).toBeNull();
    rerender(<Names of={stale} keepDataOnError />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('names')).toHaveTextContent('Ada');
  });

  it('says so when the answer is empty, and shows the content otherwise', async () => {
    const { rerender } = await renderIn(<Names of={query({ data: [] })} />);
    expect(screen.getByText('No names')).toHaveClass('names__state', 'muted');
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<Names of={query({ data: ['Ada', 'Grace'] })} />);
    expect(screen.getByTestId('names')).toHaveTextContent('AdaGrace');
    expect(screen.queryByText('No names')).toBeNull();
  });
});
