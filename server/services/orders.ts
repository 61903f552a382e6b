import { isLanguage, type Language } from '../../shared/i18n/languages';
import { CURRENCY, priceOfPicks } from '../../shared/pricing';
import type { AdminOrder, AdminOrderPatch, ClientOrder, OrderStatus } from '../../shared/schemas/proofing';
import type { SessionUser } from '../../shared/schemas/session';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { type OrderEmailInput, type OrderMessage, orderEmail } from '../mail/order-emails';
import type { MediaUrls } from '../presenters/media-urls';
import { presentAdminOrder, presentClientOrder } from '../presenters/order-presenter';
import type { ClientRepository } from '../repositories/client-repository';
import type { MediaRecord, MediaRepository } from '../repositories/media-repository';
import type { OrderChange, OrderRecord, OrderRepository } from '../repositories/order-repository';
import type { ProofingRepository } from '../repositories/proofing-repository';
import type { SettingsRepository } from '../repositories/settings-repository';
import type { MediaAccess } from './media-access';

/** The language of the photographer's e-mails: the one the admin panel was last used in (Hebrew until then). */
const ADMIN_LANGUAGE_SETTING = 'admin-language';
const DEFAULT_ADMIN_LANGUAGE: Language = 'he';
/** The newest orders the admin tab lists. */
const ADMIN_LIST_LIMIT = 500;

/** The steps an order may take: forward through submitted → paid → delivered, or cancelled before delivery. */
const NEXT_STEPS: Record<OrderStatus, readonly OrderStatus[]> = {
  submitted: ['paid', 'cancelled'],
  paid: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

const notFound = () => new AppError('not-found', 'There is no such order.');
const transitionRefused = (from: OrderStatus, to: OrderStatus) =>
  new AppError('order-transition', `This order is ${from}: it cannot be marked ${to}.`, { from, to });

export interface OrdersDeps {
  access: Pick<MediaAccess, 'ownFolder'>;
  orders: OrderRepository;
  proofing: ProofingRepository;
  media: Pick<MediaRepository, 'findVisibleByIds'>;
  clients: Pick<ClientRepository, 'findByAccountId'>;
  settings: SettingsRepository;
  mailer: Pick<Mailer, 'sendLater'>;
  urls: MediaUrls;
  siteName: string;
  publicUrl: string;
  adminEmail: string;
}

/**
 * Orders: a client sends their picks (once: sending again answers the same order), the photographer takes the order
 * through paid to delivered, and each step is kept with its time. The order keeps the prices it was made at. The
 * photographer hears of a new order, and the client of payment and delivery, by e-mail in their language.
 */
export function createOrderService(deps: OrdersDeps) {
  const { orders } = deps;

  async function withHistory(order: OrderRecord): Promise<ClientOrder> {
    return presentClientOrder(order, (await orders.historyOf([order.id])).get(order.id) ?? []);
  }

  async function mail(message: OrderMessage, order: OrderRecord, to: 'admin' | 'client'): Promise<void> {
    const client = await deps.clients.findByAccountId(order.accountId);
    if (!client) return;
    const adminLanguage = await deps.settings.get<string>(ADMIN_LANGUAGE_SETTING);
    const input: OrderEmailInput = {
      to: to === 'admin' ? deps.adminEmail : client.email,
      language:
        to === 'admin'
          ? isLanguage(adminLanguage)
            ? adminLanguage
            : DEFAULT_ADMIN_LANGUAGE
          : isLanguage(order.language)
            ? order.language
            : DEFAULT_ADMIN_LANGUAGE,
      siteName: deps.siteName,
      link: `${deps.publicUrl}${to === 'admin' ? '/admin?tab=orders' : '/me'}`,
      clientName: client.fullName || client.email,
      clientEmail: client.email,
      count: order.itemCount,
      total: { amount: order.totalAmount, currency: CURRENCY },
      note: to === 'admin' ? order.note : undefined,
    };
    deps.mailer.sendLater(orderEmail(message, input));
  }

  return {
    /** Sends the user's picks as an order; a second send while it is open answers the same order (created false). */
    async submit(
      user: SessionUser,
      input: { note: string; language: Language },
    ): Promise<{ order: ClientOrder; created: boolean }> {
      const folder = deps.access.ownFolder(user);
      const open = await orders.openOrderOf(user.id);
      if (open) return { order: await withHistory(open), created: false };
      if (folder === null || (await deps.proofing.modeOf(folder)) !== 'proofing') {
        throw new AppError('not-proofing', 'This gallery is not open for choosing photos.');
      }
      const mediaIds = await deps.proofing.picksOf(user.id, folder);
      if (mediaIds.length === 0) throw new AppError('no-picks', 'Choose at least one photo before sending.');
      const price = priceOfPicks(mediaIds.length, { includedAvailable: !(await orders.hasUncancelledOrder(user.id)) });
      let order: OrderRecord;
      try {
        order = await orders.createFromPicks({
          accountId: user.id,
          folder,
          note: input.note,
          language: input.language,
          mediaIds,
          includedCount: price.included,
          unitAmount: price.unitAmount,
          totalAmount: price.total.amount,
          currency: price.total.currency,
        });
      } catch (error) {
        // The same selection sent twice at once: the database let one order in, and this send answers with it.
        const winner = await orders.openOrderOf(user.id);
        if (winner) return { order: await withHistory(winner), created: false };
        throw error;
      }
      await mail('orderSubmitted', order, 'admin');
      return { order: await withHistory(order), created: true };
    },

    async listForClient(user: SessionUser): Promise<ClientOrder[]> {
      deps.access.ownFolder(user);
      const list = await orders.listByAccount(user.id);
      const history = await orders.historyOf(list.map((order) => order.id));
      return list.map((order) => presentClientOrder(order, history.get(order.id) ?? []));
    },

    async listForAdmin(status?: OrderStatus): Promise<AdminOrder[]> {
      const list = await orders.list({ status, limit: ADMIN_LIST_LIMIT });
      const ids = list.map((order) => order.id);
      const [items, history] = await Promise.all([orders.itemsOf(ids), orders.historyOf(ids)]);
      return Promise.all(
        list.map(async (order) => {
          const client = await deps.clients.findByAccountId(order.accountId);
          return presentAdminOrder(
            order,
            history.get(order.id) ?? [],
            await deps.media.findVisibleByIds(items.get(order.id) ?? []),
            { name: client?.fullName ?? '', email: client?.email ?? '' },
            deps.urls,
          );
        }),
      );
    },

    /** One step forward (or cancelled), as the photographer records it; e-mails the client when paid or delivered. */
    async update(id: string, patch: AdminOrderPatch): Promise<ClientOrder> {
      const order = await orders.findById(id);
      if (!order) throw notFound();
      if (!NEXT_STEPS[order.status].includes(patch.status)) throw transitionRefused(order.status, patch.status);
      let change: OrderChange = {};
      if (patch.status === 'paid') {
        change = {
          paymentMethod: patch.paymentMethod,
          paidAmount: patch.amount ?? order.totalAmount,
          paidAt: patch.paidAt ?? new Date().toISOString().slice(0, 10),
        };
      } else if (patch.status === 'delivered') {
        change = { delivery: patch.deliver };
      }
      if (!(await orders.transition(id, order.status, patch.status, change))) {
        const now = await orders.findById(id);
        throw transitionRefused(now?.status ?? order.status, patch.status);
      }
      if (patch.status === 'delivered' && patch.deliver === 'gallery') {
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
    async rememberAdminLanguage(language: Language): Promise<void> {
      if ((await deps.settings.get<string>(ADMIN_LANGUAGE_SETTING)) !== language) {
        await deps.settings.set(ADMIN_LANGUAGE_SETTING, language);
      }
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
