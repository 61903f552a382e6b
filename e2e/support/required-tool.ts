/**
 * Whether a suite's tool (ffmpeg, PostgreSQL, nginx, a tmpfs mount) is here. On a developer's machine a missing tool
 * skips the suites that need it; in CI (`CI=true`) .ci/run installs every one, so a missing tool is a broken CI
 * script and fails the run instead of skipping a suite unseen.
 */
export function toolAvailable(tool: string, available: boolean): boolean {
  if (!available && process.env.CI === 'true') {
    throw new Error(`${tool} is missing: CI runs every suite, so .ci/run must install it`);
  }
  return available;
}
