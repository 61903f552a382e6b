import { CURRENCY, priceOfPicks } from '../../shared/pricing';
import type { PicksResponse } from '../../shared/schemas/proofing';
import type { SessionUser } from '../../shared/schemas/session';
import { AppError } from '../errors';
import { presentClientOrder } from '../presenters/order-presenter';
import type { MediaRecord, MediaRepository } from '../repositories/media-repository';
import type { OrderRepository } from '../repositories/order-repository';
import type { ProofingRepository } from '../repositories/proofing-repository';
import type { MediaAccess } from './media-access';

const notProofing = () =>
  new AppError('not-proofing', 'This gallery is not open for choosing photos: everything in it is already yours.');
const locked = () =>
  new AppError('selection-locked', 'Your selection has been sent. It can change again once this order is settled.');
const noSuchItem = () => new AppError('object-not-found', 'Object does not exist');

/**
 * A client's picks in their proofing gallery, and what they cost. While an order is open (submitted or paid) the
 * selection is that order's and cannot change. The price comes from shared/pricing.ts: the server computes it, the
 * page only shows it; the deposit's included pictures count for the client's first order only.
 */
export function createPicksService(deps: {
  access: Pick<MediaAccess, 'ownFolder'>;
  proofing: ProofingRepository;
  orders: OrderRepository;
  media: Pick<MediaRepository, 'findById' | 'findVisibleByIds'>;
}) {
  const { proofing, orders } = deps;

  async function summary(user: SessionUser): Promise<PicksResponse> {
    const folder = deps.access.ownFolder(user);
    const mode = folder === null ? 'delivered' : await proofing.modeOf(folder);
    const [latest] = await orders.listByAccount(user.id);
    const history = latest ? ((await orders.historyOf([latest.id])).get(latest.id) ?? []) : [];
    const order = latest ? presentClientOrder(latest, history) : null;
    const open = latest && (latest.status === 'submitted' || latest.status === 'paid') ? latest : undefined;
    if (open) {
      return {
        mediaIds: (await orders.itemsOf([open.id])).get(open.id) ?? [],
        count: open.itemCount,
        included: open.includedCount,
        includedLimit: open.includedCount,
        unitPrice: { amount: open.unitAmount, currency: CURRENCY },
        total: { amount: open.totalAmount, currency: CURRENCY },
        mode,
        locked: true,
        order,
      };
    }
    const mediaIds = folder === null ? [] : await proofing.picksOf(user.id, folder);
    const price = priceOfPicks(mediaIds.length, { includedAvailable: !(await orders.hasUncancelledOrder(user.id)) });
    return {
      mediaIds,
      count: price.count,
      included: price.included,
      includedLimit: price.includedLimit,
      unitPrice: { amount: price.unitAmount, currency: price.total.currency },
      total: price.total,
      mode,
      locked: false,
      order,
    };
  }

  /** The user's proofing folder, refusing a change while an order holds the selection. */
  async function changeableFolder(user: SessionUser): Promise<string> {
    const folder = deps.access.ownFolder(user);
    if (folder === null || (await proofing.modeOf(folder)) !== 'proofing') throw notProofing();
    if (await orders.openOrderOf(user.id)) throw locked();
    return folder;
  }

  return {
    summary,

    async pick(user: SessionUser, mediaId: string): Promise<PicksResponse> {
      const folder = await changeableFolder(user);
      const record = await deps.media.findById(mediaId);
      if (!record || record.folder !== folder || record.status !== 'ready' || record.deletedAt) throw noSuchItem();
      await proofing.addPick(user.id, mediaId);
      return summary(user);
    },

    async unpick(user: SessionUser, mediaId: string): Promise<PicksResponse> {
      await changeableFolder(user);
      await proofing.removePick(user.id, mediaId);
      return summary(user);
    },

    /** The picked items themselves, in the order they were picked (those still visible). */
    async items(user: SessionUser): Promise<MediaRecord[]> {
      return deps.media.findVisibleByIds((await summary(user)).mediaIds);
    },
  };
}

export type PicksService = ReturnType<typeof createPicksService>;
