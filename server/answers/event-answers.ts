import type { PublicEvent } from '../../shared/schemas/events';
import type { AppContext } from '../context';
import { presentPublicEvent } from '../presenters/event-presenter';

type EventAnswerContext = Pick<AppContext, 'events' | 'mediaUrls'>;

/** What GET /api/events lists, as plain data: the server-rendered list of events calls this too. */
export async function publicEventList(ctx: EventAnswerContext): Promise<PublicEvent[]> {
  return (await ctx.events.listPublic()).map((summary) => presentPublicEvent(summary, ctx.mediaUrls));
}

/**
 * What GET /api/events/<slug> answers (an unlisted event with its key), as plain data: the server-rendered event page
 * calls this too, so the page and the API cannot differ.
 */
export async function publicEventPage(ctx: EventAnswerContext, slug: string, key?: string): Promise<PublicEvent> {
  return presentPublicEvent(await ctx.events.page(slug, key), ctx.mediaUrls);
}
