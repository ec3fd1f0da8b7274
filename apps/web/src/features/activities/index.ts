/** Activity applications on /promoDetail: the apply form and the member's applications with statuses. */
export { ActivityApply } from './ActivityApply';
