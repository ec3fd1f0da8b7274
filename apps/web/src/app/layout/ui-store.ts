import { create } from 'zustand';

interface UiState {
  /** Desktop: side menu collapsed to icons. */
  sideCollapsed: boolean;
  /** Phones: side menu drawer open. */
  drawerOpen: boolean;
  balanceHidden: boolean;
  toggleSide: () => void;
  setDrawer: (open: boolean) => void;
  toggleBalanceHidden: () => void;
}

export const useUiStore = create<UiState>((set) => ({
  sideCollapsed: false,
  drawerOpen: false,
  balanceHidden: false,
  toggleSide: () => set((s) => ({ sideCollapsed: !s.sideCollapsed })),
  setDrawer: (open) => set({ drawerOpen: open }),
  toggleBalanceHidden: () => set((s) => ({ balanceHidden: !s.balanceHidden })),
}));
