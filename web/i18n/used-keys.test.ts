import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES } from '../../shared/schemas/auth';
import { authErrorKey } from '../api/auth';
import { ApiError } from '../api/client';
import { ERROR_MESSAGE_KEYS } from '../api/error-messages';
import { NAMESPACES } from './index';

// Reads the English locale files and the app's sources, so a key used in code but missing from the translations
// fails here instead of showing its raw name to a visitor.
const root = path.join(import.meta.dirname, '..', '..');
const english = Object.fromEntries(
  NAMESPACES.map((ns) => [
    ns,
    JSON.parse(fs.readFileSync(path.join(root, 'shared/i18n/locales/en', `${ns}.json`), 'utf8')) as unknown,
  ]),
);

function has(tree: unknown, key: string): boolean {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    const record = node as Record<string, unknown>;
    // A plural key is written once in code (`count`) and stored as its forms (`count_one`, `count_other`).
    node = part in record ? record[part] : record[`${part}_other`];
  }
  return typeof node === 'string';
}

/** A key exists when its namespace (written `ns:key`) has it, or, without one, any namespace the app loads. */
function exists(key: string): boolean {
  const colon = key.indexOf(':');
  if (colon > 0) return has(english[key.slice(0, colon)], key.slice(colon + 1));
  return NAMESPACES.some((ns) => has(english[ns], key));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every `t('literal')` in the app; keys built at run time (`t(\`tabs.${name}\`)`) cannot be read this way. */
function literalKeys(): Array<{ file: string; key: string }> {
  const call = /\bt\(\s*(['"])([^'"`$]+?)\1/g;
  return sourceFiles(path.join(root, 'web')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(call)].map((match) => ({
      file: path.relative(root, file),
      key: match[2] as string,
    })),
  );
}

describe('translation keys used by the app', () => {
  it('finds the t() calls it checks', () => {
    // Guards the scanner itself: a broken pattern would find nothing and pass.
    expect(literalKeys().length).toBeGreaterThan(200);
  });

  it('exist in English', () => {
    const missing = literalKeys().filter(({ key }) => !exists(key));
    expect(missing).toEqual([]);
  });

  it('exist for every error code the server can answer with', () => {
    const missing = Object.entries(ERROR_MESSAGE_KEYS).filter(([, key]) => !exists(key));
    expect(missing).toEqual([]);
  });

  it('exist for every account error the pages translate', () => {
    const keys = AUTH_ERROR_CODES.map((code) => authErrorKey(new ApiError(code, 'x', 400)));
    expect(keys.filter((key) => !exists(`auth:${key}`))).toEqual([]);
  });
});
