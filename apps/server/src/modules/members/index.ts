import type { ServerModule } from '../../platform/context.ts';
import { registerMemberRoutes } from './members.routes.ts';

export {
  findAgentByAffiliateCode,
  findMemberByAccount,
  findMemberById,
  findMemberByMobile,
  findMemberByReferralCode,
  markFirstLoginDone,
  type MemberRow,
  findMemberByAccountAndEmail,
  recordLogin,
  setMustChangePassword,
  updatePassword,
} from './members.repository.ts';
export {
  blankMemberDraft,
  createMember,
  type FieldValues,
  isAgentType,
  isTrial,
  type MemberDraft,
  newGuestAccount,
  newMobileAccount,
  type RegistrationMode,
  toMemberInfo,
  validateRegistrationFields,
} from './members.service.ts';
export type { MemberContacts } from './members.tables.ts';

export const membersModule: ServerModule = {
  name: 'members',
  register: registerMemberRoutes,
};
