import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { RegisterForm } from './RegisterForm';
import '../auth.css';

/**
 * /register: title, 'back home', a slot for the new_player promotion carousel and the form. The
 * route fills the slot (features/promotions) when there are such promotions; otherwise the form is alone.
 */
export function RegisterPage({ promo }: { promo?: ReactNode } = {}) {
  const { t } = useTranslation('auth');
  return (
    <div className="au-page">
      <div className={`au-page__grid${promo ? '' : ' au-page__grid--single'}`}>
        {promo ? <aside className="au-page__promo">{promo}</aside> : null}
        <section className="au-page__card" aria-labelledby="register-page-title">
          <div className="au-page__head">
            <Link to="/" className="au-back">
              <Icon name="chevronLeft" size={18} />
              {t('register.backHome')}
            </Link>
            <h1 id="register-page-title" className="au-page__title">
              {t('register.createAccount')}
            </h1>
            <p className="au-muted">{t('register.lead')}</p>
          </div>
          <RegisterForm />
        </section>
      </div>
    </div>
  );
}
