import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../mail/mailer';
import { type ClientRepository, createClientRepository } from '../../repositories/client-repository';
import { createOrderPaymentRepository, type OrderPaymentRepository } from '../../repositories/order-payment-repository';
import { createOrderRepository, type OrderRecord, type OrderRepository } from '../../repositories/order-repository';
import { createSettingsRepository } from '../../repositories/settings-repository';
import { TEST_DATABASES } from '../../test/harness';
import { outboxFiles } from '../../test/mail-catcher';
import { openTestDatabase } from '../../test/support/test-database';
import { createPaymentReminders } from './payment-reminders';
import { createPaymentService, type PaymentService } from './payments';

const DAY_MS = 24 * 60 * 60 * 1000;
const quiet = { info() {}, error() {}, warn() {} } as unknown as FastifyBaseLogger;

describe.each(TEST_DATABASES)('reminders to pay on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let orders: OrderRepository;
  let orderPayments: OrderPaymentRepository;
  let clients: ClientRepository;
  let payments: PaymentService;
  let mailer: Mailer;
  let accounts = 0;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const db = t.database.db;
    orders = createOrderRepository(db);
    orderPayments = createOrderPaymentRepository(db);
    clients = createClientRepository(db);
    mailer = createMailer({
      smtpUrl: undefined,
      from: 'site@example.com',
      outboxDir: path.join(t.dir, 'outbox'),
      logger: quiet,
    });
    payments = createPaymentService({
      settings: createSettingsRepository(db),
      orders,
      orderPayments,
      clients,
      notices: { paymentReported: async () => {} },
      mailer,
      siteName: 'Horses & Dance',
      publicUrl: 'https://gallery.example',
    });
    await payments.saveSettings({ methods: [{ kind: 'bit', phone: '050-1234567' }], reminderDays: 3 });
  });

  afterEach(() => fs.rmSync(path.join(t.dir, 'outbox'), { recursive: true, force: true }));
  afterAll(async () => {
    await mailer.close();
    await t.close();
  });

  /** A client's unpaid order of three picks (6 ₪ to pay), placed now by the real clock. */
  async function unpaidOrder(overrides: { totalAmount?: number } = {}): Promise<OrderRecord> {
    accounts += 1;
    const accountId = `account-${accounts}`;
    await clients.insert({
      email: `rider${accounts}@example.com`,
      fullName: `Rider ${accounts}`,
      phone: null,
      folder: `rider-${accounts}`,
      accountId,
    });
    return orders.create({
      accountId,
      folder: `rider-${accounts}`,
      scope: `rider-${accounts}`,
      kind: 'picks',
      eventId: null,
      entryId: null,
      note: '',
      language: 'en',
      includedCount: 2,
      unitAmount: 600,
      totalAmount: overrides.totalAmount ?? 600,
      currency: 'ILS',
      mediaIds: [`m-${accounts}-1`, `m-${accounts}-2`, `m-${accounts}-3`],
    });
  }

  /** The reminder service on a clock set `days` after `order` was placed. */
  const remindersAt = (order: OrderRecord, days: number) =>
    createPaymentReminders({
      payments,
      orderPayments,
      orders,
      clients,
      mailer,
      siteName: 'Horses & Dance',
      publicUrl: 'https://gallery.example',
      logger: quiet,
      now: () => new Date(Date.parse(order.createdAt) + days * DAY_MS),
    });

  /** Who got a reminder, from the outbox. */
  async function remindedAddresses(): Promise<string[]> {
    const mails = await Promise.all(outboxFiles(t.dir).map(async (file) => simpleParser(fs.readFileSync(file))));
    return mails
      .filter((mail) => /A reminder/.test(mail.subject ?? ''))
      .map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));
  }

  it('reminds once, on the day it is due and not before', async () => {
    const order = await unpaidOrder();
    expect(await remindersAt(order, 2).sendDue()).toBe(0);
    expect(await remindedAddresses()).toEqual([]);
    expect(await remindersAt(order, 3).sendDue()).toBe(1);
    expect(await remindedAddresses()).toEqual([`rider${accounts}@example.com`]);
    const mail = await simpleParser(fs.readFileSync(outboxFiles(t.dir)[0] ?? ''));
    expect(mail.text).toContain(`Your order reference: ${order.reference}.`);
    expect(mail.text).toContain('Bit to 050-1234567');
    expect(mail.text).toContain('https://gallery.example/me/orders');
    expect(await remindersAt(order, 4).sendDue()).toBe(0);
    expect(await remindedAddresses()).toHaveLength(1);
    expect((await orders.findById(order.id))?.remindedAt).not.toBeNull();
  });

  it('reminds no one whose order has nothing to pay, was reported paid, paid or cancelled', async () => {
    const covered = await unpaidOrder({ totalAmount: 0 });
    const reported = await unpaidOrder();
    await orderPayments.report(reported.id, reported.accountId, { method: 'bit', note: '', at: reported.createdAt });
    const paid = await unpaidOrder();
    await orders.transition(paid.id, 'submitted', 'paid', {
      paymentMethod: 'cash',
      paidAmount: 600,
      paidAt: '2026-01-01',
    });
    const cancelled = await unpaidOrder();
    await orders.transition(cancelled.id, 'submitted', 'cancelled', {});
    expect(await remindersAt(covered, 10).sendDue()).toBe(0);
    expect(await remindedAddresses()).toEqual([]);
  });

  it('sends none when the photographer turned reminders off', async () => {
    const order = await unpaidOrder();
    await payments.saveSettings({ methods: [], reminderDays: 0 });
    try {
      expect(await remindersAt(order, 30).sendDue()).toBe(0);
      expect(await remindedAddresses()).toEqual([]);
    } finally {
      await payments.saveSettings({ methods: [{ kind: 'bit', phone: '050-1234567' }], reminderDays: 3 });
    }
    // Turned on again, the order waiting since is reminded.
    expect(await remindersAt(order, 30).sendDue()).toBe(1);
  });

  it('sends each reminder once when several instances look at the same moment', async () => {
    const first = await unpaidOrder();
    const second = await unpaidOrder();
    const sent = await Promise.all([1, 2, 3].map(() => remindersAt(second, 3).sendDue()));
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect((await remindedAddresses()).sort()).toEqual(
      [first, second].map((order) => `rider${order.accountId.split('-')[1]}@example.com`).sort(),
    );
  });

  it('gives a reminder whose e-mail failed back, for the next run', async () => {
    const order = await unpaidOrder();
    const failing = createPaymentReminders({
      payments,
      orderPayments,
      orders,
      clients,
      mailer: { send: async () => Promise.reject(new Error('the mail server is away')) },
      siteName: 'Horses & Dance',
      publicUrl: 'https://gallery.example',
      logger: quiet,
      now: () => new Date(Date.parse(order.createdAt) + 3 * DAY_MS),
    });
    expect(await failing.sendDue()).toBe(0);
    expect((await orders.findById(order.id))?.remindedAt).toBeNull();
    expect(await remindersAt(order, 3).sendDue()).toBe(1);
  });
});
