import {
  adjustmentRequest,
  memberDetail,
  memberLookupPage,
  memberLookupQuery,
  operatorCreateRequest,
  operatorListItem,
  operatorPatchRequest,
  transactionHistoryQuery,
  transactionHistoryResponse,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { doc } from '../../platform/http/openapi.ts';
import { parseInput } from '../../platform/http/validate.ts';
import { verifyLedger } from '../ledger/index.ts';
import { requireOperator } from './backoffice.guard.ts';
import * as members from './backoffice.members.service.ts';
import * as operators from './backoffice.operators.service.ts';

const tags = ['backoffice'];
const auth = 'backoffice' as const;
const ok = <T>(value: T) => ({ success: true as const, value });
/** A member id is not validated as a UUID: an unknown or malformed one is simply not found. */
const idParams = z.object({ id: z.string().min(1).max(64) });
const operatorParams = z.object({ id: z.uuid() });

/** Operators management: administrators only, within their merchant. */
export function registerOperatorAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/operators',
    { schema: doc({ response: z.array(operatorListItem), summary: "The merchant's operators", tags, auth }) },
    async (request) => {
      const admin = await requireOperator(request, 'operators.manage');
      return ok(await operators.listOperators(ctx, admin));
    },
  );
  app.post(
    '/bo/operators',
    {
      schema: doc({
        body: operatorCreateRequest,
        response: operatorListItem,
        summary: 'Add an operator (they set up TOTP at their first sign-in)',
        tags,
        auth,
      }),
    },
    async (request) => {
      const admin = await requireOperator(request, 'operators.manage');
      return ok(await operators.createOperator(ctx, admin, parseInput(operatorCreateRequest, request.body)));
    },
  );
  app.patch(
    '/bo/operators/:id',
    {
      schema: doc({
        body: operatorPatchRequest,
        response: operatorListItem,
        summary: "Change an operator's role or status, or reset their TOTP; ends their sessions",
        tags,
        auth,
      }),
    },
    async (request) => {
      const admin = await requireOperator(request, 'operators.manage');
      const { id } = parseInput(operatorParams, request.params);
      const input = parseInput(operatorPatchRequest, request.body);
      return ok(await operators.patchOperator(ctx, admin, id, input));
    },
  );
}

/** Member lookup, detail, ledger and adjustments; the ledger check. */
export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/bo/members',
    {
      schema: doc({
        querystring: memberLookupQuery,
        response: memberLookupPage,
        summary: 'Find members by account prefix, mobile, email or id',
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.read');
      return ok(await members.lookupMembers(ctx, operator, parseInput(memberLookupQuery, request.query)));
    },
  );
  app.get(
    '/bo/members/:id',
    {
      schema: doc({ response: memberDetail, summary: 'A member: profile, wallets, cash totals', tags, auth }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.read');
      const { id } = parseInput(idParams, request.params);
      return ok(await members.memberDetail(ctx, operator, id));
    },
  );
  app.get(
    '/bo/members/:id/ledger',
    {
      schema: doc({
        querystring: transactionHistoryQuery,
        response: transactionHistoryResponse,
        summary: "A member's wallet movements, as the member centre shows them",
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.read');
      const { id } = parseInput(idParams, request.params);
      const query = parseInput(transactionHistoryQuery, request.query);
      return ok(await members.memberLedger(ctx, operator, id, query));
    },
  );
  app.post(
    '/bo/members/:id/adjustments',
    {
      schema: doc({
        body: adjustmentRequest,
        summary: "Credit or debit a member's main or bonus wallet, with a reason (idempotent, audited)",
        tags,
        auth,
      }),
    },
    async (request) => {
      const operator = await requireOperator(request, 'members.adjust');
      const { id } = parseInput(idParams, request.params);
      const input = parseInput(adjustmentRequest, request.body);
      return ok(await members.adjustMember(ctx, operator, id, input));
    },
  );
  app.get(
    '/bo/ledger/verify',
    { schema: doc({ summary: 'Check every ledger invariant (balanced, no negative member)', tags, auth }) },
    async (request) => {
      const operator = await requireOperator(request, 'ledger.verify');
      // The operator's own books only: another merchant's counts are not theirs to see.
      return ok(await verifyLedger(ctx.db, { merchantId: operator.merchantId }));
    },
  );
}
