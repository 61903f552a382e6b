import type { i18n as I18n, TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartListProblemDetail } from '../../../../shared/schemas/start-list';
import { currentLanguage } from '../../../i18n';
import type { StartListProblem } from './event-admin-logic';

/*
 * A refused start list, in the admin's language. Each value taken from the file (a cell, a heading), each number and
 * each column name sits in its own <bdi>: a Latin time or a number with parentheses inside a Hebrew or Arabic
 * sentence keeps its own order instead of being scrambled by the sentence's direction.
 */

/** The headings a start-number column may carry that every organiser recognises (the server accepts more). */
const NUMBER_HEADINGS = { english: 'Number', hebrew: 'מספר' };
/** Private-use marks around a placeholder's name: never in a translation, never typed into a cell. */
const OPEN = '\ue000';
const CLOSE = '\ue001';
const MARKED = new RegExp(`${OPEN}(\\w+)${CLOSE}`);

/**
 * A translated sentence whose placeholders are each rendered in a <bdi>. The translation is asked for with marks in
 * place of the values and split at them, so a value is never read as markup or as another placeholder.
 */
function sentenceWithIsolates(t: TFunction, key: string, values: Record<string, string>): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(values).map((name) => [name, `${OPEN}${name}${CLOSE}`]));
  const parts = t(key, marks).split(MARKED);
  return parts.map((part, place) =>
    // split() puts each captured placeholder name at an odd index.
    // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts never move, so their places are their keys
    place % 2 === 1 ? <bdi key={`${part}@${place}`}>{values[part] ?? ''}</bdi> : part,
  );
}

/**
 * The key of the plural form a count reads (`field-count_two` in Hebrew), chosen by the language's plural rules as
 * i18next chooses it. Asked for by its full name, the form keeps its {{count}} a marked placeholder, so the number
 * is isolated like every other value; a key without plural forms is its own form.
 */
function pluralForm(i18n: I18n, key: string, count: number | undefined): string {
  if (count === undefined) return key;
  const form = `${key}_${new Intl.PluralRules(currentLanguage(i18n)).select(count)}`;
  return i18n.exists(form, { ns: 'eventsAdmin' }) ? form : key;
}

/** The problem's parameters as the sentence's values: numbers as text, the column by its translated name. */
function valuesOf(t: TFunction, problem: StartListProblemDetail): Record<string, string> {
  const values: Record<string, string> = { ...NUMBER_HEADINGS, quote: '"' };
  if (problem.column) values.column = t(`startListProblems.columns.${problem.column}`);
  for (const name of ['value', 'otherValue', 'expected', 'className'] as const) {
    const value = problem[name];
    if (value !== undefined) values[name] = value;
  }
  for (const name of ['limit', 'count', 'otherLine'] as const) {
    const value = problem[name];
    if (value !== undefined) values[name] = String(value);
  }
  return values;
}

function problemKey(problem: StartListProblemDetail): string {
  if (problem.code === 'duplicate-number' && problem.className) return 'startListProblems.duplicate-number-in-class';
  return `startListProblems.${problem.code}`;
}

/** Each refused line: where (the spreadsheet row, or the file) and what, in the admin's language. */
export function ProblemList({ problems }: { problems: StartListProblem[] }) {
  const { t, i18n } = useTranslation('eventsAdmin');
  return (
    <div className="start-list-errors" role="alert" data-testid="start-list-errors">
      <p>
        <strong>{t('startList.refused', { count: problems.length })}</strong>
      </p>
      <ul>
        {problems.map((problem) => (
          <li
            key={`${problem.line}-${JSON.stringify(problem.known)}-${problem.message}`}
            data-line={problem.line}
            data-code={problem.known?.code ?? ''}
            data-testid="start-list-problem"
          >
            <strong>
              {problem.line > 0
                ? sentenceWithIsolates(t, 'startList.line', { line: String(problem.line) })
                : t('startList.file')}
            </strong>{' '}
            {problem.known ? (
              sentenceWithIsolates(
                t,
                pluralForm(i18n, problemKey(problem.known), problem.known.count),
                valuesOf(t, problem.known),
              )
            ) : (
              // A code this panel does not know: the server's English, kept left to right.
              <bdi dir="ltr">{problem.message}</bdi>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
