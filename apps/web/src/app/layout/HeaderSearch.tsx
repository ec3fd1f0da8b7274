import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';

// The search panel, its tiles and the catalogue calls load only when a player opens the search.
const GameSearch = lazy(() => import('../GameSearch'));

/** The header's search button and, once pressed, the site-wide game search. */
export function HeaderSearch() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Closing hands the focus back to the button that opened the search.
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-btn header__search"
        onClick={() => setOpen(true)}
        aria-label={t('actions.search')}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <Icon name="search" size={20} />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <GameSearch onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
