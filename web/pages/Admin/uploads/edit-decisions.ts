import type { EditMatch, MatchableItem } from './edit-matching';
import type { UploadFile } from './upload-queue';

/**
 * What the photographer decided for each file of "Upload edits", starting from the match: pure, so the dialog only
 * shows it. A conflict starts undecided and must be settled before anything is sent.
 */
export type EditTarget = { kind: 'replace'; itemId: string } | { kind: 'new' } | { kind: 'undecided' };

export interface EditDecision {
  target: EditTarget;
  /** False: "Don't upload" (or "Upload as a new item" unticked). */
  upload: boolean;
}

export function initialDecision(match: EditMatch<File, MatchableItem>): EditDecision {
  if (match.kind === 'replace') return { target: { kind: 'replace', itemId: match.item.id }, upload: true };
  if (match.kind === 'new') return { target: { kind: 'new' }, upload: true };
  return { target: { kind: 'undecided' }, upload: true };
}

/** The rows (by index) whose file would replace an item another uploaded row replaces too. */
export function claimedTwice(decisions: readonly EditDecision[]): Set<number> {
  const rowsOfItem = new Map<string, number[]>();
  decisions.forEach(({ target, upload }, row) => {
    if (!upload || target.kind !== 'replace') return;
    rowsOfItem.set(target.itemId, [...(rowsOfItem.get(target.itemId) ?? []), row]);
  });
  return new Set([...rowsOfItem.values()].filter((rows) => rows.length > 1).flat());
}

/** A row still to be settled: undecided, or replacing an item another row replaces. */
export function isConflict(decision: EditDecision, row: number, doubles: ReadonlySet<number>): boolean {
  return decision.upload && (decision.target.kind === 'undecided' || doubles.has(row));
}

export interface EditSummary {
  replace: number;
  new: number;
  conflict: number;
  skipped: number;
}

/** "12 will replace, 2 new, 1 conflict": each row counted once, a conflict before what it would do. */
export function summarizeDecisions(decisions: readonly EditDecision[]): EditSummary {
  const doubles = claimedTwice(decisions);
  const summary: EditSummary = { replace: 0, new: 0, conflict: 0, skipped: 0 };
  decisions.forEach((decision, row) => {
    if (!decision.upload) summary.skipped++;
    else if (isConflict(decision, row, doubles)) summary.conflict++;
    else if (decision.target.kind === 'replace') summary.replace++;
    else summary.new++;
  });
  return summary;
}

/** The files to queue, each replacement with the id of its item; call only when the summary has no conflict. */
export function uploadsOf(files: readonly File[], decisions: readonly EditDecision[]): UploadFile[] {
  return decisions.flatMap(({ target, upload }, row): UploadFile[] => {
    const file = files[row];
    if (!upload || !file || target.kind === 'undecided') return [];
    return [target.kind === 'replace' ? { file, replaces: target.itemId } : { file }];
  });
}
