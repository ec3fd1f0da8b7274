import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/Icon';
import { HelpArticles } from '../../features/help/HelpArticles';
import { useOpenCustomerService } from '../../lib/customer-service';
import { Brand } from '../layout/Brand';

/** /helpmc: the help centre on its own, without the site chrome. */
export default function HelpCentrePage() {
  const { t } = useTranslation(['help', 'common']);
  const contact = useOpenCustomerService();
  return (
    <div className="helpmc">
      <header className="helpmc__bar">
        <Brand />
        <Link to="/" className="btn btn--ghost btn--sm">
          <Icon name="home" size={16} />
          <span>{t('common:actions.backHome')}</span>
        </Link>
      </header>
      <div className="helpmc__hero">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </div>
      <div className="page page--narrow">
        <HelpArticles />
        <div className="helpmc__contact">
          <p>{t('stillNeedHelp')}</p>
          <button type="button" className="btn btn--primary" onClick={contact}>
            <Icon name="headset" size={18} />
            <span>{t('common:actions.contactUs')}</span>
          </button>
        </div>
      </div>
    </div>
  );
}
