/** What Lighthouse says about where a first view spends its time and bytes: the lines the report prints. */
import type { Result } from 'lighthouse';

type Item = Record<string, unknown>;

/** The rows of an audit's table (or of the tables inside a list), whatever the detail type. */
function detailItems(lhr: Result, id: string): Item[] {
  const details = lhr.audits[id]?.details as { type?: string; items?: unknown[] } | undefined;
  if (!details?.items) return [];
  if (details.type === 'list') {
    return details.items.flatMap((inner) => ((inner as { items?: Item[] }).items ?? []) as Item[]);
  }
  return details.items as Item[];
}

function shortUrl(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  try {
    const url = new URL(value);
    return `${url.pathname}${url.search}`.replace(/^(.{70}).+$/, '$1…');
  } catch {
    return value;
  }
}

/** What Lighthouse says about where the first view spends its time and bytes, as markdown bullet lines. */
export function diagnose(lhr: Result): string[] {
  const lines: string[] = [];
  const lcpItems = detailItems(lhr, 'largest-contentful-paint-element');
  const element = lcpItems.find((item) => item.node)?.node as { snippet?: string; selector?: string } | undefined;
  const phases = lcpItems
    .filter((item) => typeof item.phase === 'string')
    .map((item) => `${item.phase} ${Number(item.timing).toFixed(0)} ms`);
  lines.push(`LCP element: \`${element?.snippet ?? 'unknown'}\` (${element?.selector ?? ''})`);
  if (phases.length > 0) lines.push(`LCP phases (simulated): ${phases.join(', ')}`);
  const discovery = (lhr.audits['lcp-discovery-insight']?.details as { items?: unknown[] } | undefined)?.items?.[0] as
    | { items?: Record<string, { label: string; value: boolean }> }
    | undefined;
  const unmet = Object.values(discovery?.items ?? {}).filter((check) => !check.value);
  if (unmet.length > 0) lines.push(`LCP discovery checks failed: ${unmet.map((check) => check.label).join('; ')}`);
  lines.push(`Observed request order (unthrottled): ${requestOrder(lhr)}`);
  const shifts = detailItems(lhr, 'layout-shifts').map(
    (item) =>
      `\`${(item.node as { selector?: string } | undefined)?.selector ?? '?'}\` ${Number(item.score).toFixed(3)}`,
  );
  lines.push(`Layout shifts: ${shifts.length > 0 ? shifts.join(', ') : 'none'}`);
  const blocking = detailItems(lhr, 'render-blocking-resources').map(
    (item) => `${shortUrl(item.url)} (${Number(item.wastedMs).toFixed(0)} ms)`,
  );
  lines.push(`Render-blocking resources: ${blocking.length > 0 ? blocking.join(', ') : 'none'}`);
  const heaviest = detailItems(lhr, 'total-byte-weight')
    .slice(0, 6)
    .map((item) => `${shortUrl(item.url)} ${(Number(item.totalBytes) / 1024).toFixed(1)} KB`);
  lines.push(`Heaviest transfers: ${heaviest.join(', ')}`);
  const unused = detailItems(lhr, 'unused-javascript').map(
    (item) => `${shortUrl(item.url)} ${(Number(item.wastedBytes) / 1024).toFixed(1)} KB`,
  );
  lines.push(`Unused JavaScript: ${unused.length > 0 ? unused.join(', ') : 'none reported'}`);
  const slowdown = `${lhr.configSettings.throttling.cpuSlowdownMultiplier}× CPU slowdown`;
  const longTasks = detailItems(lhr, 'long-tasks')
    .slice(0, 6)
    .map((item) => `${shortUrl(item.url)} ${Number(item.duration).toFixed(0)} ms`);
  lines.push(`Longest tasks (simulated, ${slowdown}): ${longTasks.join(', ')}`);
  const mainThread = detailItems(lhr, 'mainthread-work-breakdown')
    .slice(0, 5)
    .map((item) => `${item.groupLabel} ${Number(item.duration).toFixed(0)} ms`);
  lines.push(
    `Main-thread work (${slowdown}): ${mainThread.join(', ')}; total ${lhr.audits['mainthread-work-breakdown']?.displayValue ?? ''}`,
  );
  for (const category of ['seo', 'accessibility'] as const) {
    lines.push(`${category === 'seo' ? 'SEO' : 'Accessibility'} audits failed: ${failedAudits(lhr, category)}`);
  }
  return lines;
}

/** The audits of a category that count towards its score and did not pass, with the elements they name. */
function failedAudits(lhr: Result, category: 'seo' | 'accessibility'): string {
  const failed = (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => {
      const nodes = detailItems(lhr, ref.id)
        .map((item) => (item.node as { selector?: string } | undefined)?.selector)
        .filter((selector): selector is string => Boolean(selector))
        .slice(0, 3);
      return `${ref.id}${nodes.length > 0 ? ` (\`${nodes.join('`, `')}\`)` : ''}`;
    });
  return failed.length > 0 ? failed.join(', ') : 'none';
}

/** The first-view requests in the order the page made them, grouped by kind, up to the LCP resource. */
function requestOrder(lhr: Result): string {
  const requests = detailItems(lhr, 'network-requests')
    .filter((item) => !String(item.url).startsWith('data:'))
    .sort((a, b) => Number(a.networkRequestTime) - Number(b.networkRequestTime));
  const groups: Array<{ label: string; count: number; start: number }> = [];
  for (const request of requests) {
    const url = shortUrl(request.url);
    const label =
      request.resourceType === 'Document' || url.startsWith('/api/')
        ? url
        : String(request.resourceType ?? 'Other').toLowerCase();
    const last = groups[groups.length - 1];
    if (last && last.label === label && !label.startsWith('/')) last.count++;
    else groups.push({ label, count: 1, start: Number(request.networkRequestTime) });
  }
  return `${groups
    .map((group) => `${group.count > 1 ? `${group.count} ${group.label}` : group.label} @${group.start.toFixed(0)} ms`)
    .join(' → ')} (${requests.length} requests)`;
}
