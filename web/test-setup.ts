// Vitest setup for every test file. DOM matchers are only loaded where a DOM exists (component tests opt in
// with `// @vitest-environment jsdom`); server tests run in plain Node.
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  const { afterEach } = await import('vitest');
  afterEach(() => cleanup());
}

export {};
