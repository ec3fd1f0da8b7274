import type { ServerModule } from '../../platform/context.ts';
import { registerBackofficeRoutes } from './backoffice.routes.ts';
import { seedDemoOperators } from './backoffice.seed.ts';

export { type OperatorPrincipal, requireOperator } from './backoffice.guard.ts';
export { type AuditEntry, auditedMerchantChange, recordAudit } from './backoffice.audit.ts';
export { DEMO_OPERATOR_PASSWORDS } from './backoffice.seed.ts';
export {
  type OperatorWithKnownPassword,
  operatorsWithKnownPasswords,
} from './backoffice.known-passwords.ts';

/**
 * The operators' side: operator users with roles and TOTP, their sessions, the audit log, member
 * lookup and adjustments, the ledger check, and the merchant configuration behind operator accounts.
 */
export const backofficeModule: ServerModule = {
  name: 'backoffice',
  register: registerBackofficeRoutes,
  seedDemo: seedDemoOperators,
};
