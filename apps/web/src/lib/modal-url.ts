import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ModalName } from './route-table';

export type { ModalName };

export const MODAL_PARAM = 'modal';
/** Extra modal parameters travel in the URL with this prefix, e.g. `?modal=login&m_tab=sms`. */
const PARAM_PREFIX = 'm_';

interface ModalLocationState {
  modalPushed?: boolean;
}

/**
 * Modals live in the URL (`?modal=<name>`), so the back button closes them and links can open them.
 * Opening pushes a history entry; closing pops it when we pushed it, else removes the parameter.
 */
export function useModal() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const modal = searchParams.get(MODAL_PARAM) as ModalName | null;
  const params = useMemo(() => {
    const result: Record<string, string> = {};
    for (const [key, value] of searchParams.entries()) {
      if (key.startsWith(PARAM_PREFIX)) result[key.slice(PARAM_PREFIX.length)] = value;
    }
    return result;
  }, [searchParams]);

  const withoutModal = useCallback(() => {
    const next = new URLSearchParams(location.search);
    next.delete(MODAL_PARAM);
    for (const key of [...next.keys()]) if (key.startsWith(PARAM_PREFIX)) next.delete(key);
    return next;
  }, [location.search]);

  const openModal = useCallback(
    (name: ModalName, modalParams?: Record<string, string>) => {
      const next = withoutModal();
      next.set(MODAL_PARAM, name);
      for (const [key, value] of Object.entries(modalParams ?? {})) next.set(PARAM_PREFIX + key, value);
      // Switching from one modal to another replaces the entry so back still returns to the page.
      const replace = Boolean(modal);
      const state: ModalLocationState = {
        modalPushed: replace ? Boolean((location.state as ModalLocationState | null)?.modalPushed) : true,
      };
      navigate(
        { pathname: location.pathname, search: `?${next.toString()}`, hash: location.hash },
        { replace, state },
      );
    },
    [withoutModal, modal, navigate, location.pathname, location.hash, location.state],
  );

  const closeModal = useCallback(() => {
    if ((location.state as ModalLocationState | null)?.modalPushed) {
      navigate(-1);
      return;
    }
    const next = withoutModal().toString();
    navigate(
      { pathname: location.pathname, search: next ? `?${next}` : '', hash: location.hash },
      { replace: true },
    );
  }, [location.state, location.pathname, location.hash, navigate, withoutModal]);

  return { modal, params, openModal, closeModal };
}
