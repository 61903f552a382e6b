import type { SiteInfo } from '../../shared/schemas/site';
import type { AppContext } from '../context';

/**
 * What GET /api/site answers, as plain data: the server-rendered pages call this for the same answer without a
 * request of their own.
 */
export async function siteInfo(ctx: Pick<AppContext, 'config' | 'contactDetails' | 'demoContent'>): Promise<SiteInfo> {
  const [contact, demoPreparing] = await Promise.all([ctx.contactDetails.get(), ctx.demoContent.preparing()]);
  return { bookingFormUrl: ctx.config.bookingFormUrl ?? null, contact, demoPreparing };
}
