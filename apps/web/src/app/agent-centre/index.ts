export { AGENT_PAGES, type AgentPageKey } from './menu';
export { AgentCentreModal } from './AgentCentreModal';
