import {
  AGENT_CONTRACT_PATHS,
  type AgentContractsResponse,
  type AgentIncomeResponse,
  type AgentContractType,
  type ContractProcessRequest,
  type ContractProcessResponse,
} from '@sorte/contracts';
import { AGENT_PAGE_SIZE, useAgentRead, useAgentWrite } from './api';

/** The contract of a type I hold, those I gave my direct downline agents, and the requests pending. */
export const useContracts = (type: AgentContractType) =>
  useAgentRead<AgentContractsResponse>('/wps/agent/contracts', { type });

/** My Income: my contract payouts, newest period first, optionally of one type, with the filter's totals. */
export const useIncome = (type: AgentContractType | undefined, pageNo: number) =>
  useAgentRead<AgentIncomeResponse>('/wps/agent/income', { type, pageNo, pageSize: AGENT_PAGE_SIZE });

/** Offer, accept, reject or ask to terminate a contract of the type; every agent-centre read is read again. */
export const useContractAction = (type: AgentContractType) =>
  useAgentWrite<ContractProcessRequest, ContractProcessResponse>(
    `/wps/agent/contract/${AGENT_CONTRACT_PATHS[type]}`,
  );
