import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Empty } from '../components/Status';
import { homePath } from '../lib/menu';
import { useMe } from '../lib/operator';

/** The landing section is the first one the role allows. */
export function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const home = homePath(me.data?.permissions);
  if (home) return <Navigate to={home} replace />;
  return <Empty>{t('nav.nothing')}</Empty>;
}
