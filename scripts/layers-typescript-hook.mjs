// dependency-cruiser reads TypeScript through the TypeScript compiler's JavaScript API, which TypeScript 7 (the
// project's compiler, a native binary) no longer has. Only for this check, `typescript` is answered by the 5.x
// compiler installed as `typescript-for-tools`, so `import type` is told apart from an import that runs.
import Module, { register } from 'node:module';

const TOOL_COMPILER = 'typescript-for-tools';
const redirect = (specifier) =>
  specifier === 'typescript' || specifier.startsWith('typescript/')
    ? TOOL_COMPILER + specifier.slice('typescript'.length)
    : specifier;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveToolCompiler(request, ...rest) {
  return resolveFilename.call(this, redirect(request), ...rest);
};

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      const redirected = specifier === 'typescript' || specifier.startsWith('typescript/')
        ? '${TOOL_COMPILER}' + specifier.slice('typescript'.length)
        : specifier;
      return next(redirected, context);
    }`)}`,
);
