import type { EntryRecord } from '../../repositories/event-repository';
import { normalizeForSearch } from './search-normalize';

/**
 * What groups a rider's rides in one class: the horses one "whole entry" buys together (the price list charges each
 * additional horse in the same heat). Names are compared as search compares them.
 */
export function heatKey(entry: EntryRecord): string {
  // A line without a rider's name (a start list of numbers only) is nobody's other ride: it is a heat of its own.
  if (entry.rider === '') return `\u0001${entry.id}`;
  return `${entry.className}\u0000${normalizeForSearch(entry.rider)}`;
}

/** The shown entries of each rider in each class, by heatKey. */
export function heatsOf(entries: EntryRecord[]): Map<string, EntryRecord[]> {
  const heats = new Map<string, EntryRecord[]>();
  for (const entry of entries) {
    if (entry.hidden) continue;
    const key = heatKey(entry);
    heats.set(key, [...(heats.get(key) ?? []), entry]);
  }
  return heats;
}
