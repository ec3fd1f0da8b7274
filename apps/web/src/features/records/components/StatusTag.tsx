import type { BetRecordStatusName } from '@sorte/contracts';
import { useTranslation } from 'react-i18next';

const TONE: Record<BetRecordStatusName, string> = { open: 'wait', settled: 'ok', cancelled: 'bad' };

/** A round's state, in the cashier's status colours. */
export function StatusTag({ status }: { status: BetRecordStatusName }) {
  const { t } = useTranslation('records');
  return <span className={`cs-status cs-status--${TONE[status]}`}>{t(`status.${status}`)}</span>;
}
