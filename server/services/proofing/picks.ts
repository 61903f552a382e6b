import { CURRENCY, includedPicksFor, type PicksSummaryPrice, picksSummaryPrice } from '../../../shared/pricing';
import type { GalleryMode } from '../../../shared/schemas/proofing';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import type { ClientRepository } from '../../repositories/client-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type { OrderRecord, OrderRepository } from '../../repositories/order-repository';
import type { ProofingRepository } from '../../repositories/proofing-repository';
import type { MediaAccess } from '../media/media-access';
import type { OrderWithHistory } from './orders';
import type { PaymentService } from './payments';
import type { ReceiptService } from './receipts';

const notProofing = () =>
  new AppError('not-proofing', 'This gallery is not open for choosing photos: everything in it is already yours.');
const locked = () =>
  new AppError('selection-locked', 'Your selection has been sent. It can change again once this order is settled.');
const noSuchItem = () => new AppError('object-not-found', 'Object does not exist');
const alreadyDelivered = () =>
  new AppError('already-delivered', 'This photo was already delivered to you: it is yours, with nothing to pick.');

/** Where a selection is made: the client's own proofing gallery, or a competition's page. */
export interface PickScope {
  /** The folder whose items can be picked; null when the account owns no gallery. */
  folder: string | null;
  mode: GalleryMode;
  /** Whether the client's included picks count here: in their own gallery, for their first order. */
  depositApplies: boolean;
  /** Whether a ready item of the folder may be picked here (an event's: only photos of entries it shows). */
  canPick?: (record: MediaRecord) => Promise<boolean>;
}

/** A client's selection in a scope, its price, and the order that holds it (or their latest one). */
export interface PicksSummary extends PicksSummaryPrice {
  mediaIds: string[];
  mode: GalleryMode;
  /** Whether an open order holds the selection, so it cannot change. */
  locked: boolean;
  order: OrderWithHistory | null;
  /** How many of the scope's items the client's delivered orders gave them (what its Download All holds). */
  delivered: number;
  /** Whether the included pictures are the photographer's gift to this client rather than the deposit's. */
  includedByPhotographer: boolean;
}

/**
 * A client's picks, and what they cost. While an order of the scope is open (submitted or paid) the selection is that
 * order's and cannot change. The price comes from shared/pricing.ts: the server computes it, the page only shows it;
 * the client's included picks (includedPicksFor) count for their first order in their own gallery only. An item a
 * delivered order already gave the client cannot be picked again.
 */
export function createPicksService(deps: {
  access: Pick<MediaAccess, 'ownFolder'>;
  proofing: ProofingRepository;
  orders: OrderRepository;
  media: Pick<MediaRepository, 'findById' | 'findVisibleByIds'>;
  clients: Pick<ClientRepository, 'findByAccountId'>;
  /** How to pay the order the summary shows, while it is unpaid. */
  payments: Pick<PaymentService, 'methods'>;
  /** The latest order's receipt, once it is paid. */
  receipts: Pick<ReceiptService, 'refsOf'>;
}) {
  const { proofing, orders } = deps;

  /**
   * How many picks are included in this selection: the client's own number (set by the photographer, else by how they
   * came) for their first order in their own gallery; none on a competition's page or once an order was placed.
   */
  async function includedLimit(user: SessionUser, scope: PickScope): Promise<number> {
    if (!scope.depositApplies || (await orders.hasUncancelledOrder(user.id))) return 0;
    const client = await deps.clients.findByAccountId(user.id);
    return includedPicksFor({ setByPhotographer: client?.includedPicks ?? null, invited: Boolean(client?.invitedAt) });
  }

  /** Whether the photographer set this client's included pictures (so the deposit is not what covers them). */
  async function includedByPhotographer(user: SessionUser): Promise<boolean> {
    const client = await deps.clients.findByAccountId(user.id);
    return (client?.includedPicks ?? null) !== null;
  }

  /** The items the account's delivered orders of a scope gave it (`list`: its orders there, when already read). */
  async function deliveredIds(accountId: string, scope: string, list?: OrderRecord[]): Promise<string[]> {
    const delivered = (list ?? (await orders.listByAccount(accountId, scope))).filter(
      (order) => order.status === 'delivered',
    );
    if (delivered.length === 0) return [];
    const items = await orders.itemsOf(delivered.map((order) => order.id));
    return [...new Set([...items.values()].flat())];
  }

  /** How many of those are still in the scope's gallery (not trashed or moved away). */
  async function deliveredCount(scope: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return (await deps.media.findVisibleByIds(ids)).filter((record) => record.folder === scope).length;
  }

  /** The client's own gallery as a scope. */
  async function ownScope(user: SessionUser): Promise<PickScope> {
    const folder = deps.access.ownFolder(user);
    return { folder, mode: folder === null ? 'delivered' : await proofing.modeOf(folder), depositApplies: true };
  }

  async function summary(user: SessionUser, scope: PickScope): Promise<PicksSummary> {
    const list = scope.folder === null ? [] : await orders.listByAccount(user.id, scope.folder);
    const [latest] = list;
    const delivered =
      scope.folder === null ? 0 : await deliveredCount(scope.folder, await deliveredIds(user.id, scope.folder, list));
    const history = latest ? ((await orders.historyOf([latest.id])).get(latest.id) ?? []) : [];
    const receipt = latest ? ((await deps.receipts.refsOf([latest.id])).get(latest.id) ?? null) : null;
    const order = latest ? { order: latest, history, receipt, paymentMethods: await deps.payments.methods() } : null;
    const open = latest && (latest.status === 'submitted' || latest.status === 'paid') ? latest : undefined;
    if (open) {
      return {
        mediaIds: (await orders.itemsOf([open.id])).get(open.id) ?? [],
        count: open.itemCount,
        included: open.includedCount,
        includedLimit: open.includedCount,
        unitPrice: { amount: open.unitAmount, currency: CURRENCY },
        total: { amount: open.totalAmount, currency: CURRENCY },
        mode: scope.mode,
        locked: true,
        order,
        delivered,
        includedByPhotographer: await includedByPhotographer(user),
      };
    }
    const mediaIds = scope.folder === null ? [] : await proofing.picksOf(user.id, scope.folder);
    return {
      mediaIds,
      ...picksSummaryPrice(mediaIds.length, { includedLimit: await includedLimit(user, scope) }),
      mode: scope.mode,
      locked: false,
      order,
      delivered,
      includedByPhotographer: await includedByPhotographer(user),
    };
  }

  /** The scope's folder, refusing a change while an order holds the selection. */
  async function changeableFolder(user: SessionUser, scope: PickScope): Promise<string> {
    if (scope.folder === null || scope.mode !== 'proofing') throw notProofing();
    if (await orders.openOrderOf(user.id, scope.folder)) throw locked();
    return scope.folder;
  }

  return {
    ownScope,
    includedLimit,

    summary: async (user: SessionUser, scope?: PickScope) => summary(user, scope ?? (await ownScope(user))),

    async pick(user: SessionUser, mediaId: string, given?: PickScope): Promise<PicksSummary> {
      const scope = given ?? (await ownScope(user));
      const folder = await changeableFolder(user, scope);
      const record = await deps.media.findById(mediaId);
      const visible = record && record.folder === folder && record.status === 'ready' && !record.deletedAt;
      if (!visible || (scope.canPick && !(await scope.canPick(record)))) throw noSuchItem();
      if ((await deliveredIds(user.id, folder)).includes(mediaId)) throw alreadyDelivered();
      await proofing.addPick(user.id, mediaId);
      return summary(user, scope);
    },

    async unpick(user: SessionUser, mediaId: string, given?: PickScope): Promise<PicksSummary> {
      const scope = given ?? (await ownScope(user));
      await changeableFolder(user, scope);
      await proofing.removePick(user.id, mediaId);
      return summary(user, scope);
    },

    /** The picked items themselves, in the order they were picked (those still visible). */
    async items(user: SessionUser, given?: PickScope): Promise<MediaRecord[]> {
      const scope = given ?? (await ownScope(user));
      return deps.media.findVisibleByIds((await summary(user, scope)).mediaIds);
    },
  };
}

export type PicksService = ReturnType<typeof createPicksService>;
