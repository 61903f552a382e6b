import fs from 'node:fs';
import path from 'node:path';

const DOC = path.join(import.meta.dirname, '..', 'docs', 'BENCHMARKS.md');

/**
 * Replaces the `## <heading>` section of docs/BENCHMARKS.md (up to the next `## `) with `body`, or appends it, so
 * each benchmark records its latest figures without touching the others' sections.
 */
export function writeBenchmarkSection(heading: string, body: string): void {
  const current = fs.existsSync(DOC) ? fs.readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const section = `## ${heading}\n\n${body.trim()}\n`;
  const lines = current.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  let next: string;
  if (start < 0) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = lines.findIndex((line, i) => i > start && line.startsWith('## '));
    const before = lines.slice(0, start).join('\n').trimEnd();
    const rest = after < 0 ? '' : `\n${lines.slice(after).join('\n')}`;
    next = `${before}\n\n${section}${rest}`;
  }
  fs.mkdirSync(path.dirname(DOC), { recursive: true });
  fs.writeFileSync(DOC, `${next.trimEnd()}\n`);
}
