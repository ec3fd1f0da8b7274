import { useTranslation } from 'react-i18next';
import { DownloadPanel } from '../../features/download';

export default function DownloadRoute() {
  const { t } = useTranslation('pages');
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('download.title')}</h1>
      <DownloadPanel />
    </div>
  );
}
