import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from './support/production-runtime';
import { projectRoot } from './support/server-process';

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');
const environment = Object.entries(PRODUCTION_ENV).map(([name, value]) => `${name}=${value}`);
const command = `node ${PRODUCTION_NODE_FLAGS.join(' ')} build/server.js`;

/** The benchmarks measure the server as production runs it, so what starts it in production must say the same. */
describe('the production runtime', () => {
  it('is how `npm start` runs the server', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`npm run build && ${environment.join(' ')} ${command}`);
  });

  it.each(['deploy/systemd/gallery.service', 'deploy/systemd/gallery@.service'])('is how %s runs it', (unit) => {
    const text = read(unit);
    expect(text).toContain(`\nExecStart=/usr/bin/${command}\n`);
    const settings = text
      .split('\n')
      .filter((line) => line.startsWith('Environment='))
      .flatMap((line) => line.slice('Environment='.length).split(' '));
    expect(settings).toEqual(expect.arrayContaining(environment));
  });
});
