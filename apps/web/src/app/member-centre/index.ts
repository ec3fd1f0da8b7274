export { MEMBER_PAGES, type MemberPageKey } from './menu';
export { MemberCentreModal } from './MemberCentreModal';
