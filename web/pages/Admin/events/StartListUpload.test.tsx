// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { testTexts } from '../../../test-texts';
import { startListProblems } from './event-admin-logic';
import { ProblemList } from './StartListUpload';

async function renderIn(language: string, error: ApiError) {
  const instance = await testTexts(language, ['common', 'eventsAdmin'], 'eventsAdmin');
  const problems = startListProblems(error) ?? [];
  return render(
    <I18nextProvider i18n={instance}>
      <ProblemList problems={problems} />
    </I18nextProvider>,
  );
}

const refused = new ApiError('invalid-start-list', 'The start list was not imported', 400, {
  line: 2,
  problems: [
    { line: 3, code: 'duplicate-number', reason: 'Start number 12 is also on line 2.' },
    { line: 2, code: 'bad-time', reason: 'The start time "9.3O" is not a time of day.' },
  ],
});

describe('a refused start list', () => {
  it('lists every bad line with the server’s reason, as an alert', async () => {
    await renderIn('en', refused);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('fix these 2 lines');
    const lines = within(alert).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Line 2: The start time "9.3O" is not a time of day.',
      'Line 3: Start number 12 is also on line 2.',
    ]);
  });

  it('explains each line in the admin’s language, the server’s words kept left to right beside it', async () => {
    await renderIn('he', refused);
    const [first] = within(screen.getByRole('alert')).getAllByRole('listitem');
    expect(first).toHaveTextContent('שעת הזינוק היא לא שעה.');
    const reason = within(first as HTMLElement).getByText(/9\.3O/);
    expect(reason.tagName).toBe('BDI');
    expect(reason).toHaveAttribute('dir', 'ltr');
  });
});
