/**
 * The selection after a click on `id`: a plain click toggles it; a shift-click sets every photo between the last one
 * clicked (`anchor`) and this one to the state the clicked photo takes, as file managers do.
 */
export function clickSelection(
  ids: readonly string[],
  selected: ReadonlySet<string>,
  id: string,
  anchor: string | null,
  shift: boolean,
): Set<string> {
  const next = new Set(selected);
  const select = !selected.has(id);
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  const to = ids.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const [start, end] = from < to ? [from, to] : [to, from];
    for (const each of ids.slice(start, end + 1)) {
      if (select) next.add(each);
      else next.delete(each);
    }
    return next;
  }
  if (select) next.add(id);
  else next.delete(id);
  return next;
}
