export { AGENT_CENTRE_TYPES, memberKeys, useMemberInfo } from './api';
