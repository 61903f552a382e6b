// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { startListProblems } from './event-admin-logic';
import { ProblemList } from './StartListUpload';

const localesDir = path.join(import.meta.dirname, '../../../shared/i18n/locales');

async function renderIn(language: string, error: ApiError) {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    ['common', 'eventsAdmin'].map((ns) => [
      ns,
      JSON.parse(fs.readFileSync(path.join(localesDir, language, `${ns}.json`), 'utf8')) as object,
    ]),
  );
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: resources },
    defaultNS: 'eventsAdmin',
    interpolation: { escapeValue: false },
  });
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
