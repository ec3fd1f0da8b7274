import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { QrCode } from '../../components/ui/QrCode';
import { safeUrl } from '../../lib/safe-url';
import { useWhitelabel } from '../../lib/whitelabel';
import './download.css';

type Platform = 'android' | 'ios';
const PLATFORMS: readonly Platform[] = ['android', 'ios'];
const STEPS = [1, 2, 3, 4] as const;
/** Download QR size of spec §9. */
export const DOWNLOAD_QR_SIZE = 100;
/**
 * Spec §9 gives the QR "margin 20". Read as library modules that would shrink a 100 px code to an
 * unscannable smudge, so the 20 is the white frame around it (download.css) and the library keeps
 * a 2-module quiet zone.
 */
const QR_QUIET_ZONE = 2;

/** Where step 1 points: the Android package, or the iOS profile when one exists. */
export function downloadTarget(
  resources: ReadonlyArray<{ resourceType: string; url: string; qrCodeUrl: string | null }>,
  platform: Platform,
): string | null {
  const resource = resources.find((r) => r.resourceType === platform);
  if (!resource) return null;
  // An unsafe address (a row older than the server's check) is never offered.
  const url = safeUrl(resource.url);
  const qr = safeUrl(resource.qrCodeUrl);
  return (platform === 'ios' ? qr || url : url || qr) || null;
}

/** Android and iOS install guides, four steps each; step 1 carries the QR code. */
export function DownloadPanel() {
  const { t } = useTranslation('download');
  const { resources, brandName } = useWhitelabel();
  const [platform, setPlatform] = useState<Platform>('android');
  const base = useId();
  const relative = downloadTarget(resources, platform);
  // A QR code needs an absolute address; resources may be site-relative ('/download').
  const target = relative ? new URL(relative, window.location.origin).href : null;
  const index = PLATFORMS.indexOf(platform);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = PLATFORMS[(index + 1) % PLATFORMS.length]!;
    setPlatform(next);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };

  return (
    <div className="dl">
      <div
        className="dl-tabs"
        role="tablist"
        aria-label={t('platformLabel')}
        onKeyDown={onKeyDown}
        style={{ '--tab-index': index } as React.CSSProperties}
      >
        {PLATFORMS.map((p) => (
          <button
            key={p}
            id={`${base}-tab-${p}`}
            type="button"
            role="tab"
            className="dl-tab"
            aria-selected={p === platform}
            aria-controls={`${base}-panel`}
            tabIndex={p === platform ? 0 : -1}
            onClick={() => setPlatform(p)}
          >
            <Icon name={p === 'android' ? 'android' : 'apple'} size={18} />
            {t(`${p}.tab`)}
          </button>
        ))}
        <span className="dl-tabs__bar" aria-hidden="true" />
      </div>
      <ol
        id={`${base}-panel`}
        className="dl-steps"
        role="tabpanel"
        aria-labelledby={`${base}-tab-${platform}`}
      >
        {STEPS.map((step) => (
          <li key={step} className="dl-step">
            <span className="dl-step__num" aria-hidden="true">
              {step}
            </span>
            <div className="dl-step__body">
              <h3 className="dl-step__title">{t(`${platform}.step${step}.title`)}</h3>
              <p className="dl-step__text">{t(`${platform}.step${step}.text`, { brand: brandName })}</p>
              {step === 1 ? (
                target ? (
                  <div className="dl-qr">
                    <span className="dl-qr__frame">
                      <QrCode
                        value={target}
                        size={DOWNLOAD_QR_SIZE}
                        margin={QR_QUIET_ZONE}
                        label={t('qrLabel', { platform: t(`${platform}.tab`) })}
                      />
                    </span>
                    <a className="dl-btn" href={target} target="_blank" rel="noopener noreferrer">
                      <Icon name="download" size={16} />
                      {t(`${platform}.button`)}
                    </a>
                  </div>
                ) : (
                  <p className="dl-unavailable">{t('unavailable')}</p>
                )
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** downModal: the install guide in a popup. */
export function DownloadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('download');
  return (
    <Modal name="downModal" title={t('title')} onClose={onClose} size="md">
      <DownloadPanel />
    </Modal>
  );
}
