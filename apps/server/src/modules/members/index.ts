/**
 * Members: the member rows and the registration rules. No routes and no module to register: the
 * member's own info is served by auth (it needs the session guard), and auth builds on this module.
 */
export {
  findAgentByAffiliateCode,
  findInviter,
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
