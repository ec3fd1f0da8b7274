import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../../lib/whitelabel';

const SECTIONS = ['about', 'terms', 'privacy', 'responsible'] as const;

/** /help: the user protocol (terms) target of links in forms and the footer. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const { brandName, minimumAge } = useWhitelabel();
  return (
    <div className="page page--narrow protocol">
      <h1 className="page__title">{t('protocol.title', { brand: brandName })}</h1>
      {SECTIONS.map((section) => (
        <section key={section} id={section} className="protocol__section">
          <h2>{t(`protocol.${section}.title`)}</h2>
          <p>{t(`protocol.${section}.body`, { brand: brandName, age: minimumAge })}</p>
        </section>
      ))}
    </div>
  );
}
