import {
  operatorChannelInput,
  operatorChannelPatch,
  operatorPaymentChannel,
  paymentChannel,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireMember } from '../auth/index.ts';
import { requireOperator } from '../backoffice/index.ts';
import { getMerchant } from '../system/index.ts';
import { createChannel, memberChannels, operatorChannels, patchChannel } from './channels.service.ts';

const channelIdParams = z.object({ id: z.string().max(64) });
/** The secret is in this answer only: on creation, or when a channel first becomes a gateway channel. */
const channelWithSecret = operatorPaymentChannel.extend({ gatewaySecret: z.string().nullable() });

export async function registerChannelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wps/cashier/channels',
    {
      schema: doc({
        response: z.array(paymentChannel),
        summary: 'Deposit channels the member may use, in display order',
        tags: ['cashier'],
        auth: 'member',
      }),
    },
    async (request) => {
      const { merchantId } = await requireMember(request);
      const merchant = getMerchant(request);
      return { success: true, value: await memberChannels(ctx.db, merchantId, merchant.currency) };
    },
  );

  app.get(
    '/bo/cashier/channels',
    {
      schema: doc({
        response: z.array(operatorPaymentChannel),
        summary: 'All payment channels of the merchant (never their secrets)',
        tags: ['backoffice'],
        auth: 'operator',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'cashier.channels');
      return { success: true, value: await operatorChannels(ctx.db, operator.merchantId) };
    },
  );

  app.post(
    '/bo/cashier/channels',
    {
      schema: doc({
        body: operatorChannelInput,
        response: channelWithSecret,
        summary: 'Create a payment channel; a gateway channel gets its signing secret, shown this once',
        tags: ['backoffice'],
        auth: 'operator',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'cashier.channels');
      const input = parseInput(operatorChannelInput, request.body);
      return { success: true, value: await createChannel(ctx.db, operator, input) };
    },
  );

  app.patch(
    '/bo/cashier/channels/:id',
    {
      schema: doc({
        body: operatorChannelPatch,
        response: channelWithSecret,
        summary: 'Change a payment channel (only the fields sent)',
        tags: ['backoffice'],
        auth: 'operator',
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'cashier.channels');
      const { id } = parseInput(channelIdParams, request.params);
      const patch = parseInput(operatorChannelPatch, request.body);
      return { success: true, value: await patchChannel(ctx.db, operator, id, patch) };
    },
  );
}
