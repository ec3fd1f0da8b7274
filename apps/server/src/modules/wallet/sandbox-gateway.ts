import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requestLanguage } from '../../platform/i18n/messages.ts';
import { isUuid } from '../../platform/http/ids.ts';
import { findChannel, merchantCurrency } from './channels.repository.ts';
import * as deposits from './deposits.repository.ts';
import type { DepositView } from './deposits.repository.ts';
import { signBody } from './gateway.adapters.ts';
import { renderCheckout } from './sandbox-gateway.page.ts';
import { sandboxPixExpiry } from './sandbox-pix.ts';

/**
 * The built-in sandbox payment gateway. It plays the gateway's part end to end so the demo and the
 * tests exercise the real deposit path: a hosted checkout page, the gateway's own transaction id, and
 * a signed callback delivered over HTTP to our callback endpoint, retried until it is acknowledged.
 *
 * Its state (which orders it has charged) lives in this process's memory: a real gateway keeps its
 * own records, and nothing of ours depends on this map — our side of the truth is the deposit row
 * and the ledger. A restart forgets the sandbox's transactions; an unpaid order can be paid again.
 */

const NAME = 'sandbox';
/** Delivery attempts before the sandbox gives up (a real gateway retries for hours; tests need a bound). */
const MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 500;
/** The sandbox remembers this many recent payments; older ones are forgotten first (memory stays flat). */
const MAX_REMEMBERED = 10_000;

interface SandboxTransaction {
  id: string;
  depositId: string;
  status: 'success' | 'failed';
}

const checkoutParams = z.object({ depositId: z.string().max(64) });
const checkoutQuery = z.object({ lang: z.string().max(10).optional() });
const checkoutForm = z.object({
  outcome: z.enum(['pay', 'decline']),
  lang: z.string().max(10).optional(),
});

/** Where the browser goes once the gateway is done: the site's deposit page, on this order. */
function returnUrl(depositId: string): string {
  return `/?modal=member&m_page=depositv2&m_order=${encodeURIComponent(depositId)}`;
}

export function registerSandboxGateway(app: FastifyInstance, ctx: AppContext): void {
  const transactions = new Map<string, SandboxTransaction>();
  const timers = new Set<NodeJS.Timeout>();
  const deliveries = new Set<Promise<void>>();
  let closing = false;

  /** The sandbox's own view of an order: ours, pending or not, on a sandbox channel. */
  async function sandboxOrder(depositId: string): Promise<DepositView> {
    const order = isUuid(depositId) ? await deposits.findById(ctx.db, depositId) : undefined;
    if (order?.channel_type !== 'gateway' || order.channel_gateway !== NAME)
      throw new AppError('CASHIER_ORDER_NOT_FOUND');
    return order;
  }

  function expired(order: DepositView): boolean {
    return ctx.clock.now().getTime() >= sandboxPixExpiry(order).getTime();
  }

  /**
   * Sends the signed callback to this very server, as the gateway would over the internet: a real
   * HTTP POST to the listening address; an app that is not listening (tests on app.inject) gets the
   * same bytes and signature injected.
   */
  async function post(path: string, body: string, signature: string): Promise<number> {
    const headers = { 'content-type': 'application/json', 'x-signature': signature };
    const address = app.server.listening ? (app.server.address() as AddressInfo | null) : null;
    if (!address) {
      const reply = await app.inject({ method: 'POST', url: path, headers, payload: body });
      return reply.statusCode;
    }
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    const response = await fetch(`http://${host}:${address.port}${path}`, { method: 'POST', headers, body });
    await response.arrayBuffer();
    return response.status;
  }

  async function deliver(txn: SandboxTransaction): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS && !closing; attempt++) {
      if (attempt > 0) await sleep(RETRY_BASE_MS * 2 ** (attempt - 1));
      if (closing) return;
      try {
        const order = await deposits.findById(ctx.db, txn.depositId);
        const channel = order && (await findChannel(ctx.db, order.merchant_id, order.channel_id));
        if (!order || !channel?.gateway_secret) return;
        const body = JSON.stringify({
          merchantOrderId: order.id,
          gatewayTxnId: txn.id,
          amountMinor: Number(order.amount_minor),
          currency: order.currency,
          status: txn.status,
        });
        const status = await post(
          `/providers/payments/${NAME}/callback`,
          body,
          signBody(channel.gateway_secret, body),
        );
        if (status >= 200 && status < 300) return;
        ctx.log.warn({ depositId: txn.depositId, status, attempt }, 'sandbox gateway: callback refused');
      } catch (err) {
        ctx.log.warn({ err, depositId: txn.depositId, attempt }, 'sandbox gateway: callback failed');
      }
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  /** After the configured delay, like a gateway that confirms a moment after the player paid. */
  function scheduleDelivery(txn: SandboxTransaction): void {
    const run = sleep(ctx.config.SANDBOX_CALLBACK_DELAY_MS).then(() => deliver(txn));
    const tracked = run.finally(() => deliveries.delete(tracked));
    deliveries.add(tracked);
  }

  // Closing stops retries and waits for a delivery in flight, so none runs against a closed database.
  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...deliveries]);
  });

  app.get(
    `/providers/payments/${NAME}/checkout/:depositId`,
    { schema: { summary: 'Sandbox gateway: hosted checkout page', tags: ['providers'] } },
    async (request, reply) => {
      const { depositId } = parseInput(checkoutParams, request.params);
      const { lang } = parseInput(checkoutQuery, request.query);
      const order = await sandboxOrder(depositId);
      const merchant = await merchantCurrency(ctx.db, order.merchant_id);
      const html = renderCheckout({
        language: requestLanguage(request, lang),
        merchantName: merchant.brandName,
        orderNo: order.order_no,
        amountMinor: order.amount_minor,
        currency: order.currency,
        currencySymbol: merchant.currencySymbol,
        action: `/providers/payments/${NAME}/checkout/${order.id}`,
        open: order.status === 'pending' && !transactions.has(order.id) && !expired(order),
        returnUrl: returnUrl(order.id),
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post(
    `/providers/payments/${NAME}/checkout/:depositId`,
    { schema: { summary: 'Sandbox gateway: the player pays or declines', tags: ['providers'] } },
    async (request, reply) => {
      const { depositId } = parseInput(checkoutParams, request.params);
      const form = parseInput(checkoutForm, request.body);
      const order = await sandboxOrder(depositId);
      // A second press (or a reload that re-posts) is the same payment, not a new one.
      if (!transactions.has(order.id)) {
        if (order.status !== 'pending')
          throw new AppError('CASHIER_ORDER_RESOLVED', { status: order.status });
        // A PIX charge past its expiry is refused by the payer's bank; the sandbox bank does the same.
        if (expired(order)) throw new AppError('CASHIER_ORDER_RESOLVED', { status: 'expired' });
        const txn: SandboxTransaction = {
          id: `sbx_${randomBytes(12).toString('hex')}`,
          depositId: order.id,
          status: form.outcome === 'pay' ? 'success' : 'failed',
        };
        transactions.set(order.id, txn);
        if (transactions.size > MAX_REMEMBERED)
          transactions.delete(transactions.keys().next().value as string);
        scheduleDelivery(txn);
      }
      return reply.redirect(returnUrl(order.id), 303);
    },
  );
}
