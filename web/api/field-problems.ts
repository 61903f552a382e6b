import { isHiddenCharactersProblem } from '../../shared/text-rule';
import { ApiError } from './client';

/** What is wrong with a field: missing or not valid, or hidden characters the typed-text rule refuses. */
export type FieldProblem = 'invalid' | 'hidden-characters';

function collect(entries: Array<[string, object]>): Map<string, FieldProblem> {
  const problems = new Map<string, FieldProblem>();
  for (const [field, reported] of entries) {
    // Hidden characters are the one problem a person cannot see, so they are named whatever else the field has.
    if (problems.get(field) !== 'hidden-characters') {
      problems.set(field, isHiddenCharactersProblem(reported) ? 'hidden-characters' : 'invalid');
    }
  }
  return problems;
}

/** The problem of each field a schema refused in the browser, by its dotted name ("horses.0.name"). */
export function problemsOfIssues(issues: ReadonlyArray<{ path: readonly PropertyKey[] }>): Map<string, FieldProblem> {
  return collect(issues.map((issue) => [issue.path.map(String).join('.'), issue]));
}

/** The problem of each field the server refused (`details.fields` of a 400 `invalid-argument`). */
export function problemsOfError(error: unknown): Map<string, FieldProblem> {
  if (!(error instanceof ApiError)) return new Map();
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  if (!Array.isArray(fields)) return new Map();
  return collect(
    fields.flatMap((item: { field?: unknown }) => (typeof item.field === 'string' ? [[item.field, item]] : [])),
  );
}
