/**
 * `npm run bench -- <name> [args]`: runs bench/<name>.ts. Each benchmark measures our code and a reference tool in
 * the same run on the same inputs and prints the ratio, so the figure means something on any machine.
 */
import fs from 'node:fs';
import path from 'node:path';

const [name, ...args] = process.argv.slice(2);
const available = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !['run.ts'].includes(f) && !f.endsWith('.test.ts') && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>\navailable: ${available.join(', ')}`);
  process.exit(name ? 1 : 0);
}

const module = (await import(path.join(import.meta.dirname, `${name}.ts`))) as {
  run: (args: string[]) => Promise<void>;
};
await module.run(args);
