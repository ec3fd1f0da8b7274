/** The reward centre (member centre `rewardCenter`): rewards to claim with their countdowns, raffles. */
export { useRaffles, useRewardCentre } from './api';
export { RewardCentrePage } from './RewardCentrePage';
