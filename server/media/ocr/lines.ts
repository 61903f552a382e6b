import type { TextLine } from './types';

/**
 * The detector may split one printed line into boxes ("FENCE" and "7" of a fence sign); the reading rules judge a
 * number by the words beside it, so boxes side by side on one line are joined, left to right, with a space. Boxes join
 * when their middles are within half the smaller box's height, their heights differ by less than HEIGHT_RATIO (a
 * pad's tall number stays apart from the small print beside it), and the gap between them is under GAP_HEIGHTS of
 * the taller box's height (one word space is ~0.3).
 */
const HEIGHT_RATIO = 1.6;
const GAP_HEIGHTS = 1.2;

interface Bounds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function boundsOf(line: TextLine): Bounds {
  const xs = line.box.map(([x]) => x);
  const ys = line.box.map(([, y]) => y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

function sameLine(a: Bounds, b: Bounds): boolean {
  const heightA = a.bottom - a.top;
  const heightB = b.bottom - b.top;
  const middleGap = Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2);
  const gap = Math.max(a.left, b.left) - Math.min(a.right, b.right);
  return (
    middleGap < Math.min(heightA, heightB) / 2 &&
    Math.max(heightA, heightB) < HEIGHT_RATIO * Math.min(heightA, heightB) &&
    gap < GAP_HEIGHTS * Math.max(heightA, heightB)
  );
}

/** The lines of a picture with boxes side by side on one line joined; top to bottom. */
export function joinLines(lines: TextLine[]): TextLine[] {
  const groups: Array<{ bounds: Bounds; members: TextLine[] }> = [];
  const sorted = [...lines].sort((a, b) => boundsOf(a).left - boundsOf(b).left);
  for (const line of sorted) {
    const bounds = boundsOf(line);
    const group = groups.find((candidate) => sameLine(candidate.bounds, bounds));
    if (group) {
      group.members.push(line);
      group.bounds = {
        left: Math.min(group.bounds.left, bounds.left),
        right: Math.max(group.bounds.right, bounds.right),
        top: Math.min(group.bounds.top, bounds.top),
        bottom: Math.max(group.bounds.bottom, bounds.bottom),
      };
    } else {
      groups.push({ bounds, members: [line] });
    }
  }
  return groups
    .sort((a, b) => a.bounds.top - b.bounds.top)
    .map(({ members }) => {
      if (members.length === 1) return members[0] as TextLine;
      const first = members[0] as TextLine;
      const last = members[members.length - 1] as TextLine;
      const characters = members.reduce((sum, member) => sum + member.text.length, 0);
      return {
        text: members.map((member) => member.text).join(' '),
        // Weighted by characters: the line's mean confidence over its characters, as for one box.
        confidence: members.reduce((sum, member) => sum + member.confidence * member.text.length, 0) / characters,
        box: [first.box[0], last.box[1], last.box[2], first.box[3]] as Array<[number, number]>,
      };
    });
}
