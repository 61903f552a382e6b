import type { Language } from '../../../shared/i18n/languages';
import { CURRENCY, priceOfEntry, priceOfPicks } from '../../../shared/pricing';
import type { PaymentMethodEntry } from '../../../shared/schemas/payments';
import type { AdminOrderPatch, OrderStatus } from '../../../shared/schemas/proofing';
import type { SessionUser } from '../../../shared/schemas/session';
import { AppError } from '../../errors';
import { mailLanguage } from '../../mail/mail-text';
import type { Mailer } from '../../mail/mailer';
import { type OrderEmailInput, type OrderMessage, orderEmail } from '../../mail/order-emails';
import type { ClientRecord, ClientRepository } from '../../repositories/client-repository';
import type { EntryRecord, EventRecord, EventRepository } from '../../repositories/event-repository';
import type { MediaRecord, MediaRepository } from '../../repositories/media-repository';
import type {
  NewOrder,
  OrderChange,
  OrderEvent,
  OrderRecord,
  OrderRepository,
} from '../../repositories/order-repository';
import type { ProofingRepository } from '../../repositories/proofing-repository';
import type { ReceiptRef } from '../../repositories/receipt-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { MediaAccess } from '../media/media-access';
import { photographerLanguage, rememberPhotographerLanguage } from '../site/admin-notify';
import { ORDER_DELIVERY_JOB } from './order-delivery-job';
import type { PaymentService } from './payments';
import type { PickScope, PicksService } from './picks';
import type { ReceiptIssuer, ReceiptService } from './receipts';

/** The newest orders the admin tab lists. */
const ADMIN_LIST_LIMIT = 500;

/** The steps an order may take: forward through submitted → paid → delivered, or cancelled before delivery. */
const NEXT_STEPS: Record<OrderStatus, readonly OrderStatus[]> = {
  submitted: ['paid', 'cancelled'],
  paid: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** An order and the steps it took, each with its time, the ways to pay it while unpaid, and its receipt once paid. */
export interface OrderWithHistory {
  order: OrderRecord;
  history: OrderEvent[];
  paymentMethods: readonly PaymentMethodEntry[];
  receipt: ReceiptRef | null;
}

/** What the photographer's tab shows of an order: its client, the picked items, and the competition it came from. */
export interface AdminOrderRecords extends OrderWithHistory {
  items: MediaRecord[];
  client: ClientRecord | undefined;
  event: EventRecord | undefined;
  entry: EntryRecord | undefined;
}

const notFound = () => new AppError('not-found', 'There is no such order.');
const transitionRefused = (from: OrderStatus, to: OrderStatus) =>
  new AppError('order-transition', `This order is ${from}: it cannot be marked ${to}.`, { from, to });

export interface OrdersDeps {
  access: Pick<MediaAccess, 'ownFolder'>;
  picks: Pick<PicksService, 'ownScope' | 'includedLimit'>;
  /** The competition an order came from, and its entry, for the photographer's tab. */
  events: Pick<EventRepository, 'findById' | 'findEntry'>;
  /** Wakes the job worker after a delivery was queued. */
  notifyWorker: () => void;
  orders: OrderRepository;
  proofing: ProofingRepository;
  media: Pick<MediaRepository, 'findVisibleByIds'>;
  clients: Pick<ClientRepository, 'findByAccountId'>;
  /** How to pay: shown with every unpaid order, and e-mailed to the client when they send one. */
  payments: Pick<PaymentService, 'methods' | 'orderPlaced'>;
  settings: SettingsRepository;
  /** Issues a paid order's receipt in the step's transaction, and finds the receipts of listed orders. */
  receipts: Pick<ReceiptService, 'issuerFor' | 'refsOf'>;
  mailer: Pick<Mailer, 'sendLater'>;
  siteName: string;
  publicUrl: string;
  adminEmail: string;
}

/**
 * Orders: a client sends their picks (once: sending again answers the same order), the photographer takes the order
 * through paid to delivered, and each step is kept with its time. The order keeps the prices it was made at. The
 * photographer hears of a new order, and the client of how to pay it, of payment and of delivery, by e-mail in their
 * language.
 */
export function createOrderService(deps: OrdersDeps) {
  const { orders } = deps;

  /** Each order with its history, the ways to pay and its receipt, in the orders' order. */
  async function withHistories(list: OrderRecord[]): Promise<OrderWithHistory[]> {
    const ids = list.map((order) => order.id);
    const [history, receipts, paymentMethods] = await Promise.all([
      orders.historyOf(ids),
      deps.receipts.refsOf(ids),
      deps.payments.methods(),
    ]);
    return list.map((order) => ({
      order,
      history: history.get(order.id) ?? [],
      paymentMethods,
      receipt: receipts.get(order.id) ?? null,
    }));
  }

  const withHistory = async (order: OrderRecord) => (await withHistories([order]))[0] as OrderWithHistory;

  async function mail(message: OrderMessage, order: OrderRecord, to: 'admin' | 'client'): Promise<void> {
    const client = await deps.clients.findByAccountId(order.accountId);
    if (!client) return;
    const input: OrderEmailInput = {
      to: to === 'admin' ? deps.adminEmail : client.email,
      language: to === 'admin' ? await photographerLanguage(deps.settings) : mailLanguage(order.language),
      siteName: deps.siteName,
      link: `${deps.publicUrl}${to === 'admin' ? '/admin/orders' : '/me'}`,
      clientName: client.fullName || client.email,
      clientEmail: client.email,
      count: order.itemCount,
      total: { amount: order.totalAmount, currency: CURRENCY },
      note: to === 'admin' ? order.note : undefined,
    };
    deps.mailer.sendLater(orderEmail(message, input));
  }

  /** The competition and entry an order came from (none for an order from the client's own gallery). */
  async function originOf(order: OrderRecord): Promise<Pick<AdminOrderRecords, 'event' | 'entry'>> {
    const event = order.eventId ? await deps.events.findById(order.eventId) : undefined;
    if (!event) return { event: undefined, entry: undefined };
    const entry = order.entryId ? await deps.events.findEntry(order.entryId) : undefined;
    return { event, entry };
  }

  /** Creates the order, or answers the one a simultaneous send created; tells the photographer of a new one. */
  async function place(order: NewOrder): Promise<{ order: OrderRecord; created: boolean }> {
    let created: OrderRecord;
    try {
      created = await orders.create(order);
    } catch (error) {
      // The same selection sent twice at once: the database let one order in, and this send answers with it.
      const winner = await orders.openOrderOf(order.accountId, order.scope);
      if (winner) return { order: winner, created: false };
      throw error;
    }
    await mail('orderSubmitted', created, 'admin');
    await deps.payments.orderPlaced(created);
    return { order: created, created: true };
  }

  return {
    /**
     * Sends the user's picks of a scope (their own proofing gallery by default, or an event's page) as an order; a
     * second send while it is open answers the same order (created false).
     */
    async submit(
      user: SessionUser,
      input: { note: string; language: Language; scope?: PickScope; eventId?: string },
    ): Promise<{ order: OrderRecord; created: boolean }> {
      const home = deps.access.ownFolder(user);
      const scope = input.scope ?? (await deps.picks.ownScope(user));
      const open = scope.folder === null ? undefined : await orders.openOrderOf(user.id, scope.folder);
      if (open) return { order: open, created: false };
      if (home === null || scope.folder === null || scope.mode !== 'proofing') {
        throw new AppError('not-proofing', 'This gallery is not open for choosing photos.');
      }
      const mediaIds = await deps.proofing.picksOf(user.id, scope.folder);
      if (mediaIds.length === 0) {
        // A simultaneous send may have placed the order after the check above, and used up these picks with it.
        const placed = await orders.openOrderOf(user.id, scope.folder);
        if (placed) return { order: placed, created: false };
        throw new AppError('no-picks', 'Choose at least one photo before sending.');
      }
      const price = priceOfPicks(mediaIds.length, { includedLimit: await deps.picks.includedLimit(user, scope) });
      return place({
        accountId: user.id,
        folder: home,
        scope: scope.folder,
        kind: 'picks',
        eventId: input.eventId ?? null,
        entryId: null,
        note: input.note,
        language: input.language,
        mediaIds,
        includedCount: price.included,
        unitAmount: price.unitAmount,
        totalAmount: price.total.amount,
        currency: price.total.currency,
      });
    },

    /**
     * Orders a whole competition entry: the photos of the rider's rides in that class, at the price list's price per
     * entry plus each additional horse. Sending again while it is open answers the same order.
     */
    async submitEntry(
      user: SessionUser,
      input: {
        eventId: string;
        scope: string;
        entryId: string;
        mediaIds: string[];
        horses: number;
        note: string;
        language: Language;
      },
    ): Promise<{ order: OrderRecord; created: boolean }> {
      const home = deps.access.ownFolder(user);
      const open = await orders.openOrderOf(user.id, input.scope);
      if (open) return { order: open, created: false };
      if (home === null) throw new AppError('not-proofing', 'Only a client account can order photos.');
      if (input.mediaIds.length === 0) throw new AppError('no-picks', 'This ride has no photos yet.');
      const price = priceOfEntry(input.horses);
      return place({
        accountId: user.id,
        folder: home,
        scope: input.scope,
        kind: 'entry',
        eventId: input.eventId,
        entryId: input.entryId,
        note: input.note,
        language: input.language,
        mediaIds: input.mediaIds,
        includedCount: 0,
        unitAmount: price.unitAmount,
        totalAmount: price.total.amount,
        currency: price.total.currency,
      });
    },

    /** An order with its history, the ways to pay it and its receipt, as every answer about one order shows it. */
    detailsOf: withHistory,

    async listForClient(user: SessionUser): Promise<OrderWithHistory[]> {
      deps.access.ownFolder(user);
      return withHistories(await orders.listByAccount(user.id));
    },

    async listForAdmin(status?: OrderStatus): Promise<AdminOrderRecords[]> {
      const list = await orders.list({ status, limit: ADMIN_LIST_LIMIT });
      const [items, listed] = await Promise.all([orders.itemsOf(list.map((order) => order.id)), withHistories(list)]);
      return Promise.all(
        listed.map(async (entry) => {
          const { order } = entry;
          const client = await deps.clients.findByAccountId(order.accountId);
          return {
            ...entry,
            items: await deps.media.findVisibleByIds(items.get(order.id) ?? []),
            client,
            ...(await originOf(order)),
          };
        }),
      );
    },

    /** One step forward (or cancelled), as the photographer records it; e-mails the client when paid or delivered. */
    async update(id: string, patch: AdminOrderPatch): Promise<OrderWithHistory> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      if (!NEXT_STEPS[order.status].includes(patch.status)) throw transitionRefused(order.status, patch.status);
      let change: OrderChange = {};
      let issueReceipt: ReceiptIssuer | undefined;
      if (patch.status === 'paid') {
        const payment = {
          paymentMethod: patch.paymentMethod,
          paidAmount: patch.amount ?? order.totalAmount,
          paidAt: patch.paidAt ?? new Date().toISOString().slice(0, 10),
        };
        change = payment;
        issueReceipt = await deps.receipts.issuerFor(order, payment);
      }
      // A competition order is delivered by copying what was bought into the buyer's gallery (a durable job, queued
      // with the step itself); a gallery order by making the picked items, or the whole gallery, clean for them.
      const fromEvent = order.scope !== order.folder;
      if (patch.status === 'delivered') change = { delivery: fromEvent ? 'picked' : patch.deliver };
      const job =
        patch.status === 'delivered' && fromEvent ? { type: ORDER_DELIVERY_JOB, payload: { orderId: id } } : undefined;
      if (!(await orders.transition(id, order.status, patch.status, change, job, issueReceipt))) {
        const now = await orders.findById(id);
        throw transitionRefused(now?.status ?? order.status, patch.status);
      }
      if (job) deps.notifyWorker();
      if (patch.status === 'delivered' && !fromEvent && patch.deliver === 'gallery') {
        await deps.proofing.setMode(order.folder, 'delivered');
      }
      if (patch.status === 'cancelled') {
        // The client's choice is not lost: the picks come back, to change and send again.
        for (const mediaId of (await orders.itemsOf([id])).get(id) ?? [])
          await deps.proofing.addPick(order.accountId, mediaId);
      }
      const updated = (await orders.findById(id)) ?? order;
      if (patch.status === 'paid') await mail('orderPaid', updated, 'client');
      if (patch.status === 'delivered') await mail('orderDelivered', updated, 'client');
      return withHistory(updated);
    },

    /** The originals an order picked, for the photographer's editing (one ZIP). */
    async pickedOriginals(id: string): Promise<{ order: OrderRecord; records: MediaRecord[] }> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      const items = (await orders.itemsOf([id])).get(id) ?? [];
      return { order, records: await deps.media.findVisibleByIds(items) };
    },

    /** Remembers the language the photographer uses the panel in, for their e-mails. */
    rememberAdminLanguage: (language: Language) => rememberPhotographerLanguage(deps.settings, language),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
