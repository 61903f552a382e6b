import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaIdSchema } from '../../../shared/schemas/admin';
import {
  adminEntryListSchema,
  adminEventListSchema,
  adminEventPhotoListSchema,
  assignRequestSchema,
  cameraOffsetRequestSchema,
  createEventRequestSchema,
  createEventResponseSchema,
  eventClassesRequestSchema,
  updateEventRequestSchema,
} from '../../../shared/schemas/events';
import {
  entryChangeSchema,
  reviewDecisionResponseSchema,
  reviewDecisionSchema,
  reviewQueueSchema,
} from '../../../shared/schemas/number-review';
import { isTimeZone } from '../../../shared/zoned-time';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { presentAdminEntry, presentAdminEvent, presentAdminEventPhoto } from '../../presenters/event-presenter';
import { presentReviewItem } from '../../presenters/number-review-presenter';

const idParams = z.object({ id: z.string().uuid('not an event id') });
const entryParams = idParams.extend({ entryId: z.string().uuid('not an entry id') });
const cameraParams = idParams.extend({ camera: z.string().min(1).max(100) });
const reviewParams = idParams.extend({ mediaId: mediaIdSchema });
const photosQuery = z.object({
  unassigned: z.enum(['1']).optional(),
  entry: z.string().uuid().optional(),
});
/** A start list is a spreadsheet export: thousands of lines, never megabytes more. */
const START_LIST_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The photographer's side of competitions (inside the admin routes, so admin-only): events, the start list import
 * (`text/csv`, as organisers' spreadsheets export it), class round lengths, camera clocks, and placing photos.
 */
export const eventAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The start list arrives as the raw file: its encoding (UTF-8 or Windows-1255) is found from its bytes.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
    { parseAs: 'buffer', bodyLimit: START_LIST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get('/api/admin/events', { schema: { response: { 200: adminEventListSchema } } }, async () => ({
    events: (await ctx.events.listForAdmin()).map((summary) => presentAdminEvent(summary, ctx.mediaUrls)),
  }));

  app.post(
    '/api/admin/events',
    { schema: { body: createEventRequestSchema, response: { 201: createEventResponseSchema } } },
    async (request, reply) => {
      if (!isTimeZone(request.body.timeZone)) throw new AppError('invalid-argument', 'Unknown time zone.');
      reply.code(201);
      return ctx.events.create(request.body);
    },
  );

  app.patch(
    '/api/admin/events/:id',
    { schema: { params: idParams, body: updateEventRequestSchema } },
    async (request) => {
      const { date, endDate, ...rest } = request.body;
      await ctx.events.update(request.params.id, { ...rest, startsOn: date, endsOn: endDate });
      return { ok: true as const };
    },
  );

  app.put('/api/admin/events/:id/start-list', { schema: { params: idParams } }, async (request) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError('unsupported-media-type', 'Send the start list as a CSV file (text/csv).');
    }
    return ctx.events.importStartList(request.params.id, request.body);
  });

  app.get(
    '/api/admin/events/:id/entries',
    { schema: { params: idParams, response: { 200: adminEntryListSchema } } },
    async (request) => ({ entries: (await ctx.events.entriesForAdmin(request.params.id)).map(presentAdminEntry) }),
  );

  app.patch(
    '/api/admin/events/:id/entries/:entryId',
    { schema: { params: entryParams, body: entryChangeSchema } },
    async (request) => {
      const { id, entryId } = request.params;
      const { hidden, rider, horse } = request.body;
      if (rider !== undefined || horse !== undefined) await ctx.events.nameEntry(id, entryId, { rider, horse });
      if (hidden !== undefined) await ctx.events.setEntryHidden(id, entryId, hidden);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/admin/events/:id/classes',
    { schema: { params: idParams, body: eventClassesRequestSchema } },
    (request) => ctx.events.setClasses(request.params.id, request.body.classes),
  );

  app.put(
    '/api/admin/events/:id/cameras/:camera',
    { schema: { params: cameraParams, body: cameraOffsetRequestSchema } },
    (request) => ctx.events.setCameraOffset(request.params.id, request.params.camera, request.body),
  );

  app.get(
    '/api/admin/events/:id/photos',
    { schema: { params: idParams, querystring: photosQuery, response: { 200: adminEventPhotoListSchema } } },
    async (request) => {
      const photos = await ctx.events.photosForAdmin(request.params.id, {
        unassigned: request.query.unassigned === '1',
        entryId: request.query.entry,
      });
      return { photos: photos.map((photo) => presentAdminEventPhoto(photo, ctx.mediaUrls)) };
    },
  );

  app.post('/api/admin/events/:id/assign', { schema: { params: idParams, body: assignRequestSchema } }, (request) =>
    ctx.events.assignByHand(request.params.id, request.body.mediaIds, request.body.entryId),
  );

  app.get(
    '/api/admin/events/:id/review',
    { schema: { params: idParams, response: { 200: reviewQueueSchema } } },
    async (request) => ({
      items: (await ctx.events.reviewQueue(request.params.id)).map((item) => presentReviewItem(item, ctx.mediaUrls)),
    }),
  );

  app.post(
    '/api/admin/events/:id/review/:mediaId',
    { schema: { params: reviewParams, body: reviewDecisionSchema, response: { 200: reviewDecisionResponseSchema } } },
    (request) => ctx.events.settleReview(request.params.id, request.params.mediaId, request.body),
  );

  app.post('/api/admin/events/:id/auto-assign', { schema: { params: idParams } }, (request) =>
    ctx.events.assign(request.params.id),
  );
};
