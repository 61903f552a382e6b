import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_GALLERY_FOLDER } from '../../../shared/folders';
import { TEST_DATABASES } from '../../test/harness';
import { drainJobs, makeTestRuntime, writeTestJpeg } from '../../test/support/ingest';
import { openTestDatabase } from '../../test/support/test-database';
import { importTree } from './ingest-import';

describe.each(TEST_DATABASES)('importTree on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let runtime: ReturnType<typeof makeTestRuntime>;
  let tree: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    runtime = makeTestRuntime(t.database, t.dir);
    tree = path.join(t.dir, 'bucket');
    const user = 'dana_cohen@example_com';
    for (const dir of [`${MAIN_GALLERY_FOLDER}/thumbs`, user, `${MAIN_GALLERY_FOLDER}/nested`]) {
      fs.mkdirSync(path.join(tree, dir), { recursive: true });
    }
    await writeTestJpeg(path.join(tree, MAIN_GALLERY_FOLDER, 'arena 1.jpg'), 320, 240);
    await writeTestJpeg(path.join(tree, MAIN_GALLERY_FOLDER, 'thumbs', 'arena 1.jpg'), 32, 24);
    await writeTestJpeg(path.join(tree, MAIN_GALLERY_FOLDER, 'nested', 'deep.jpg'), 32, 24);
    await writeTestJpeg(path.join(tree, user, 'ride.jpg'), 200, 300);
    fs.writeFileSync(path.join(tree, MAIN_GALLERY_FOLDER, '.placeholder'), '');
    fs.writeFileSync(path.join(tree, user, '.placeholder'), '');
    fs.writeFileSync(path.join(tree, user, 'notes.txt'), 'not a picture');
  });
  afterAll(async () => t.close());

  it('imports the original layout through the pipeline, ignoring thumbs and placeholders, and only once', async () => {
    const first = await importTree(runtime, tree, path.join(t.dir, 'scratch'));
    expect(first.imported).toBe(2);
    expect(first.refused).toEqual([{ file: 'dana_cohen@example_com/notes.txt', reason: 'unsupported-type' }]);
    expect(first.ignored.sort()).toEqual(
      [
        `${MAIN_GALLERY_FOLDER}/.placeholder`,
        `${MAIN_GALLERY_FOLDER}/nested`,
        `${MAIN_GALLERY_FOLDER}/thumbs`,
        'dana_cohen@example_com/.placeholder',
      ].sort(),
    );
    await drainJobs(runtime);
    const main = await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 });
    expect(main.map((m) => [m.name, m.width, m.height])).toEqual([['arena_1.jpg', 320, 240]]);
    const user = await runtime.media.listVisible({ folder: 'dana_cohen@example_com', limit: 10 });
    expect(user.map((m) => m.name)).toEqual(['ride.jpg']);
    // The source tree is left as it was.
    expect(fs.existsSync(path.join(tree, MAIN_GALLERY_FOLDER, 'arena 1.jpg'))).toBe(true);

    const second = await importTree(runtime, tree, path.join(t.dir, 'scratch'));
    expect(second).toMatchObject({ imported: 0, unchanged: 2 });
    expect(await runtime.jobs.countPending()).toBe(0);
    expect(await runtime.media.listVisible({ folder: MAIN_GALLERY_FOLDER, limit: 10 })).toHaveLength(1);
  });
});
