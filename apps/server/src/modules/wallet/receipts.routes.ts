import multipart from '@fastify/multipart';
import { PROOF_MAX_BYTES, receiptFields, withdrawalOrder } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldErrors } from '../../platform/http/app-error.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { requireRealAccount } from '../auth/index.ts';
import { confirmReceipt, type ReceiptInput } from './receipts.service.ts';

const idParam = z.object({ id: z.string().max(64) });

/**
 * POST /wps/cashier/withdrawals/:id/receipt takes multipart/form-data. The multipart parser is
 * registered in this route's own plugin scope, so every other route keeps the global 1 MB JSON body
 * limit and refuses multipart bodies; here one file of at most PROOF_MAX_BYTES is read.
 */
export async function registerReceiptRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 5 },
    });
    scope.post(
      '/wps/cashier/withdrawals/:id/receipt',
      {
        schema: doc({
          summary:
            'Confirm an approved withdrawal arrived (received=true), or report it missing with a PNG/JPEG proof',
          response: withdrawalOrder,
          tags: ['cashier'],
          auth: 'member',
        }),
      },
      async (request) => {
        const { memberId, merchantId } = await requireRealAccount(request);
        const id = parseInput(idParam, request.params).id;
        const input = await readReceiptForm(request);
        return {
          success: true,
          value: await confirmReceipt(ctx.db, ctx.clock, { memberId, merchantId }, id, input),
        };
      },
    );
  });
}

/** Reads the form's fields and its one file; a too large or second file is CASHIER_PROOF_INVALID. */
async function readReceiptForm(request: FastifyRequest): Promise<ReceiptInput> {
  if (!request.isMultipart()) throw fieldErrors([{ field: 'received', key: 'required', params: {} }]);
  const fields: Record<string, string> = {};
  let proof: ReceiptInput['proof'];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'proof') proof = { declaredType: part.mimetype, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
      throw new AppError('CASHIER_PROOF_INVALID');
    throw fieldErrors([{ field: '_', key: 'invalid', params: {} }]);
  }
  const parsed = parseInput(receiptFields, fields);
  return { received: parsed.received, receivedAmountMinor: parsed.receivedAmountMinor, proof };
}
