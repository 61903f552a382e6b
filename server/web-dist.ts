import path from 'node:path';
import { projectRoot } from './project-root';

/**
 * The built web app: dist/ at the project root, or WEB_DIST, which lets two builds of one checkout (a test run
 * beside a development build) live side by side.
 */
export function webDistDir(): string {
  return process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(projectRoot, 'dist');
}
