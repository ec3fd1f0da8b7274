import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/Modal';
import { HelpArticles } from './HelpArticles';

export function HelpModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('help');
  return (
    <Modal name="help" title={t('title')} onClose={onClose} size="lg">
      <HelpArticles />
    </Modal>
  );
}
