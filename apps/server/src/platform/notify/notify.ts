import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { doc } from '../http/openapi.ts';
import { parseInput } from '../http/validate.ts';

/** A phone number as the member typed it: dialing code and national number, kept apart. */
export interface PhoneNumber {
  countryDialingCode: string;
  mobile: string;
}

/** What the platform needs from an SMS provider; a real gateway implements this same interface. */
export interface SmsSender {
  send(to: PhoneNumber, text: string, code?: string): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one-time secret inside the text (code or link), so the development outbox can show it. */
  secret?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Outbox addresses are normalised so a test or the browser can look a message up by number or email. */
export function outboxAddress(to: PhoneNumber | string): string {
  if (typeof to === 'string') return to.trim().toLowerCase();
  return `${to.countryDialingCode}${to.mobile}`.replace(/\D/g, '');
}

/** The most a single outbox read returns; the table keeps everything, reads stay bounded. */
const OUTBOX_READ_LIMIT = 50;

/**
 * The built-in development provider: messages go to the server log (with the code, since that is
 * how a developer reads them) and to the `dev_outbox` table, which /dev/outbox serves only when
 * config.devOutbox is on. It stands in for both SMS and mail until a real provider is configured.
 */
export class DevNotifier implements SmsSender, Mailer {
  constructor(private readonly ctx: AppContext) {}

  async send(to: PhoneNumber | MailMessage, text?: string, code?: string): Promise<void> {
    const isMail = 'subject' in to;
    const address = outboxAddress(isMail ? to.to : to);
    const body = isMail ? to.text : (text ?? '');
    const secret = isMail ? to.secret : code;
    const channel = isMail ? 'email' : 'sms';
    this.ctx.log.info(`[dev ${channel}] to ${address}: ${body}`);
    await sql`insert into dev_outbox (channel, address, subject, body, secret, created_at)
      values (${channel}, ${address}, ${isMail ? to.subject : null}, ${body}, ${secret ?? null}, ${this.ctx.clock.now()})`.execute(
      this.ctx.db,
    );
  }
}

const notifiers = new WeakMap<AppContext, { sms: SmsSender; mail: Mailer }>();

/** The providers for this app; today only the development one exists. */
export function getNotifier(ctx: AppContext): { sms: SmsSender; mail: Mailer } {
  let found = notifiers.get(ctx);
  if (!found) {
    const dev = new DevNotifier(ctx);
    found = {
      sms: { send: (to, text, code) => dev.send(to, text, code) },
      mail: { send: (m) => dev.send(m) },
    };
    notifiers.set(ctx, found);
  }
  return found;
}

const outboxQuery = z.object({ to: z.string().trim().min(1).max(255) });
const outboxEntry = z.object({
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /dev/outbox?to=… newest first; exists only while config.devOutbox is on. */
export async function registerDevOutbox(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.devOutbox) return;
  app.get(
    '/dev/outbox',
    {
      schema: doc({
        querystring: outboxQuery,
        response: z.object({ list: z.array(outboxEntry) }),
        summary: 'Development outbox (SMS and mail)',
        tags: ['dev'],
      }),
    },
    async (request) => {
      const { to } = parseInput(outboxQuery, request.query);
      const address = to.includes('@') ? outboxAddress(to) : to.replace(/\D/g, '');
      const rows = await sql<{
        channel: 'sms' | 'email';
        address: string;
        subject: string | null;
        body: string;
        secret: string | null;
        created_at: Date;
      }>`
        select channel, address, subject, body, secret, created_at from dev_outbox
        where address = ${address} order by id desc limit ${OUTBOX_READ_LIMIT}`.execute(ctx.db);
      const list = rows.rows.map((r) => ({
        channel: r.channel,
        to: r.address,
        subject: r.subject,
        body: r.body,
        code: r.secret,
        createdAt: new Date(r.created_at).toISOString(),
      }));
      return { success: true, value: { list } };
    },
  );
}
