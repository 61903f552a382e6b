// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { testTexts } from '../../../test-texts';
import { startListProblems } from './event-admin-logic';
import { ProblemList } from './StartListProblems';

async function renderIn(language: string, error: ApiError) {
  const instance = await testTexts(language, ['common', 'eventsAdmin'], 'eventsAdmin');
  const problems = startListProblems(error) ?? [];
  return render(
    <I18nextProvider i18n={instance}>
      <ProblemList problems={problems} />
    </I18nextProvider>,
  );
}

// The 400 answer as the server gives it for a Hebrew start list with a bad time, a number used twice and a code
// this panel does not know.
const refused = new ApiError('invalid-start-list', 'The start list was not imported', 400, {
  line: 2,
  problems: [
    {
      line: 4,
      code: 'duplicate-number',
      column: 'number',
      value: '12',
      otherLine: 2,
      className: 'מקצה (א)',
      message: 'Start number 12 is already used in class "מקצה (א)" on line 2.',
    },
    {
      line: 2,
      code: 'bad-time',
      column: 'startTime',
      value: '9.30 (AM)',
      expected: 'HH:MM',
      message: 'The start time "9.30 (AM)" is not a time of day (HH:MM or HH:MM:SS).',
    },
    { line: 0, code: 'some-new-code', message: 'Something new (in English).' },
  ],
});

const items = () => within(screen.getByRole('alert')).getAllByRole('listitem');

describe('a refused start list', () => {
  it('words every problem in English from its code and parameters', async () => {
    await renderIn('en', refused);
    expect(screen.getByRole('alert')).toHaveTextContent('fix these 3 lines');
    expect(items().map((item) => item.textContent)).toEqual([
      'The file: Something new (in English).',
      'Line 2: The start time 9.30 (AM) is not a time of day: write it as HH:MM, or leave the cell empty.',
      'Line 4: Start number 12 is already in class מקצה (א), on line 2.',
    ]);
  });

  it('words them in Hebrew, each number, value and column name isolated in its own <bdi>', async () => {
    await renderIn('he', refused);
    const [unknown, badTime, duplicate] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(badTime).toHaveTextContent(
      'שורה 2: הערך 9.30 (AM) בעמודה שעת זינוק הוא לא שעה: צריך לכתוב אותו בצורה HH:MM, או להשאיר את התא ריק.',
    );
    const isolated = (item: HTMLElement) => [...item.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(isolated(badTime)).toEqual(['2', '9.30 (AM)', 'שעת זינוק', 'HH:MM']);
    expect(duplicate).toHaveTextContent('מספר ההתחלה 12 כבר מופיע במקצה מקצה (א), בשורה 2.');
    expect(isolated(duplicate)).toEqual(['4', '12', 'מקצה (א)', '2']);
    // No English sentence is mixed into the Hebrew, but for a code the panel does not know.
    expect(badTime).not.toHaveTextContent('not a time');
    expect(within(unknown).getByText('Something new (in English).')).toHaveAttribute('dir', 'ltr');
  });

  it('words a problem of every code in every language, with nothing left as a placeholder', async () => {
    const everyCode = new ApiError('invalid-start-list', 'refused', 400, {
      line: 1,
      problems: [
        { line: 0, code: 'file-too-large', limit: 5, message: '' },
        { line: 0, code: 'not-csv', value: '.xls', expected: 'CSV', message: '' },
        { line: 1, code: 'empty', message: '' },
        { line: 2, code: 'no-entries', message: '' },
        { line: 1, code: 'missing-column', column: 'number', message: '' },
        { line: 1, code: 'duplicate-column', column: 'rider', value: 'Name', otherValue: 'רוכב', message: '' },
        { line: 3, code: 'bad-quotes', message: '' },
        { line: 3, code: 'field-count', count: 3, limit: 5, message: '' },
        { line: 10_002, code: 'too-many-rows', limit: 10_000, message: '' },
        { line: 3, code: 'missing-value', column: 'number', message: '' },
        { line: 3, code: 'too-long', column: 'rider', limit: 200, message: '' },
        { line: 3, code: 'bad-time', column: 'startTime', value: '9.30', expected: 'HH:MM', message: '' },
        { line: 3, code: 'unreadable-character', column: 'horse', value: 'Sta\ufffd', message: '' },
        { line: 3, code: 'duplicate-number', column: 'number', value: '7', otherLine: 2, message: '' },
      ],
    });
    for (const language of ['en', 'he', 'ru', 'fr', 'ar']) {
      const { unmount } = await renderIn(language, everyCode);
      for (const item of items()) {
        expect(item.dataset.code, language).not.toBe('');
        expect(item.textContent, `${language} ${item.dataset.code}`).not.toMatch(/\{\{|\ue000|startListProblems/);
        expect(item.textContent?.length, `${language} ${item.dataset.code}`).toBeGreaterThan(12);
      }
      unmount();
    }
  });
});
