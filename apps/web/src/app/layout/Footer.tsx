import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/Icon';
import { useGameMenus } from '../../features/games/api';
import { useOpenCustomerService } from '../../lib/customer-service';
import { useWhitelabel } from '../../lib/whitelabel';
import { useModal } from '../../lib/modal-url';
import { openSafe, safePath } from '../../lib/safe-url';
import { useSession } from '../../lib/session';

/** The ways the cashier takes money (PIX, and TED as a bank transfer): no cards, crypto or e-wallets. */
const PAYMENT_METHODS = ['pix', 'bankTransfer'] as const;

export function Footer() {
  const { t } = useTranslation('common');
  const { brandName, affiliateLink, minimumAge } = useWhitelabel();
  const { openModal } = useModal();
  const navigate = useNavigate();
  const isLogin = useSession((s) => s.isLogin);
  const openCustomerService = useOpenCustomerService();
  const menus = useGameMenus();
  // Only the catalogue's vendors: a fixed list named brands whose games the site does not have.
  const providers = [...new Set((menus.data ?? []).flatMap((m) => m.vendors.map((v) => v.name)))].slice(
    0,
    16,
  );

  // A player already has an account: the affiliate programme's words (help centre), in this tab. A
  // visitor follows the merchant's affiliate link, an in-site one (sign-up) in this tab too.
  const startAffiliate = () => {
    const path = safePath(affiliateLink);
    if (isLogin) openModal('help');
    else if (path) navigate(path);
    else if (!openSafe(affiliateLink)) openCustomerService();
  };

  return (
    <footer className="footer">
      {providers.length > 0 ? (
        <section className="footer__providers" aria-label={t('footer.providers')}>
          {providers.map((name) => (
            <span key={name} className="provider-pill">
              {name}
            </span>
          ))}
        </section>
      ) : null}
      <div className="footer__grid">
        <section>
          <h2 className="footer__title">{t('footer.about')}</h2>
          <ul className="footer__links">
            <li>
              <Link to="/help">{t('footer.aboutUs')}</Link>
            </li>
            <li>
              <Link to="/help#terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/help#privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <button type="button" className="link-btn" onClick={() => openModal('help')}>
                {t('footer.help')}
              </button>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="footer__title">{t('footer.affiliates')}</h2>
          <p className="footer__text">{t('footer.affiliatesText')}</p>
          <button type="button" className="btn btn--primary btn--sm" onClick={startAffiliate}>
            {t('actions.start')}
          </button>
        </section>
        <section>
          <h2 className="footer__title">{t('footer.payments')}</h2>
          <ul className="footer__chips">
            {PAYMENT_METHODS.map((method) => (
              <li key={method} className="pay-chip">
                {t(`footer.${method}`)}
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="footer__title">{t('footer.responsible')}</h2>
          <p className="footer__text">{t('footer.responsibleText')}</p>
          <div className="footer__badges">
            <span className="age-badge">{t('footer.age', { age: minimumAge })}</span>
            <Icon name="shield" size={28} />
          </div>
        </section>
      </div>
      <div className="footer__bottom">
        <p>{t('footer.ageNotice', { age: minimumAge })}</p>
        <p>{t('footer.copyright', { year: new Date().getFullYear(), brand: brandName })}</p>
      </div>
    </footer>
  );
}
