import { useTranslation } from 'react-i18next';
import { Icon } from '../components/ui/Icon';
import { useOpenCustomerService } from '../lib/customer-service';
import { formatDateTime } from '../lib/dates';
import { useWhitelabel } from '../lib/whitelabel';

function StatusFrame({ icon, children }: { icon: 'bolt' | 'globe'; children: React.ReactNode }) {
  const { brandName, logoUrl } = useWhitelabel();
  return (
    <main className="status-screen">
      <div className="status-card">
        <div className="status-card__brand">
          {logoUrl ? (
            <img src={logoUrl} alt={brandName} height={36} />
          ) : (
            <span className="brand-text">{brandName}</span>
          )}
        </div>
        <div className="status-card__icon">
          <Icon name={icon} size={40} />
        </div>
        {children}
      </div>
    </main>
  );
}

export function MaintenanceScreen({ endTime }: { endTime?: string | null }) {
  const { t, i18n } = useTranslation('common');
  const contact = useOpenCustomerService();
  return (
    <StatusFrame icon="bolt">
      <h1>{t('status.maintenanceTitle')}</h1>
      <p className="status-card__sub">{t('status.maintenanceSubtitle')}</p>
      <p>{t('status.maintenanceText')}</p>
      {endTime ? (
        <p className="status-card__time">
          {t('status.maintenanceEnd', { time: formatDateTime(endTime, i18n.language) })}
        </p>
      ) : null}
      <button type="button" className="btn btn--primary" onClick={contact}>
        {t('actions.contactUs')}
      </button>
    </StatusFrame>
  );
}

export function RegionRestrictedScreen({ ip, country }: { ip: string; country: string | null }) {
  const { t } = useTranslation('common');
  const contact = useOpenCustomerService();
  return (
    <StatusFrame icon="globe">
      <h1>{t('status.regionTitle')}</h1>
      <p>{t('status.regionText')}</p>
      <dl className="status-card__facts">
        <div>
          <dt>{t('status.ip')}</dt>
          <dd>{ip}</dd>
        </div>
        <div>
          <dt>{t('status.country')}</dt>
          <dd>{country ?? t('status.unknown')}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--primary" onClick={contact}>
        {t('actions.contactUs')}
      </button>
    </StatusFrame>
  );
}
