/** Inline stroke icons (24×24), so the shell needs no icon font or image request. */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  sun: 'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66l1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14l-1.41-1.41M12 8a4 4 0 100 8 4 4 0 000-8z',
  moon: 'M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10-3a3 3 0 100 6 3 3 0 000-6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10.9 10.9 0 0112 5c6.4 0 10 7 10 7a17.6 17.6 0 01-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7c1.9 0 3.5-.5 4.9-1.3M9.9 9.9a3 3 0 004.2 4.2',
  refresh: 'M20 11a8 8 0 10-2.3 5.7M20 4v7h-7',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0',
  chevronDown: 'M6 9l6 6 6-6',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  home: 'M3 11l9-8 9 8v9a1 1 0 01-1 1h-5v-6h-6v6H4a1 1 0 01-1-1z',
  ELOTT: 'M4 4h16v16H4zM8 8h.01M16 8h.01M8 16h.01M16 16h.01M12 12h.01',
  LOTT: 'M12 3a9 9 0 100 18 9 9 0 000-18zm0 4a5 5 0 100 10 5 5 0 000-10zm0 3v4m-2-2h4',
  LIVE: 'M3 7h18v12H3zM8 3l4 4 4-4M10 11l4 2-4 2z',
  SPORTS:
    'M12 3a9 9 0 100 18 9 9 0 000-18zm0 4l3.5 2.5-1.3 4.1H9.8L8.5 9.5zM12 3v4m3.5 2.5L20 8m-5.8 5.6L16 18m-6.2-4.4L8 18m.5-8.5L4 8',
  FISH: 'M3 12c3-5 9-7 14-3l4-3v12l-4-3c-5 4-11 2-14-3zm13-1h.01',
  RNG: 'M5 3h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zm2 6v6m5-6v6m5-6v6',
  PVP: 'M7 3h8l4 4v14H7zM11 10l1.5 2.5L11 15l-1.5-2.5z',
  ESPORTS:
    'M6 9h12a4 4 0 014 4v1a3 3 0 01-5.4 1.8L15 14H9l-1.6 1.8A3 3 0 012 14v-1a4 4 0 014-4zm2 2v3m-1.5-1.5h3M16 12h.01M18 14h.01',
  PGE: 'M12 2l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z',
  INHOUSE: 'M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6zm-3 9l2 2 4-4',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zm9 0v14M12 7S10 3 7.5 3 5 5 7 7m5 0s2-4 4.5-4S19 5 17 7',
  crown: 'M3 7l4 4 5-7 5 7 4-4-2 12H5z',
  trophy: 'M8 21h8m-4-4v4M6 4h12v5a6 6 0 01-12 0zM6 6H3v2a3 3 0 003 3m12-5h3v2a3 3 0 01-3 3',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zm-7 10a7 7 0 0114 0m1-10a3 3 0 000-6m5 16a6 6 0 00-4-5.6',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z',
  download: 'M12 3v12m-5-5l5 5 5-5M4 21h16',
  upload: 'M12 21V9m-5 5l5-5 5 5M4 3h16',
  swap: 'M4 8h14l-4-4m6 12H6l4 4',
  phone: 'M8 2h8a2 2 0 012 2v16a2 2 0 01-2 2H8a2 2 0 01-2-2V4a2 2 0 012-2zm3 17h2',
  headset: 'M4 14v-2a8 8 0 0116 0v2M4 14h3v6H5a1 1 0 01-1-1zm16 0h-3v6h2a1 1 0 001-1z',
  message: 'M4 4h16v12H8l-4 4z',
  megaphone: 'M3 10v4h4l8 5V5L7 10zm15-1a4 4 0 010 6',
  help: 'M12 3a9 9 0 100 18 9 9 0 000-18zm-2.5 6.5a2.5 2.5 0 115 .5c-.5 1.5-2.5 1.5-2.5 3.5m0 3h.01',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  instagram:
    'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-2.5h.01',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4z',
  wallet: 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H5a2 2 0 01-2-2zm0 0l12-4v4m2 7h.01',
  logout: 'M15 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 17l-5-5 5-5M5 12h11',
  lock: 'M6 11h12v10H6zm2 0V7a4 4 0 018 0v4',
  shield: 'M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6z',
  file: 'M6 2h9l5 5v15H6zm8 0v6h6',
  star: 'M12 2l3 6 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z',
  agent: 'M12 11a4 4 0 100-8 4 4 0 000 8zm-8 10a8 8 0 0116 0M16 15l2 2 4-4',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  flame: 'M12 22a7 7 0 007-7c0-4-3-6-4-9-1 2-2 3-4 4 0-2-1-4-3-6-1 4-3 6-3 11a7 7 0 007 7z',
  android:
    'M6 9h12v8a1 1 0 01-1 1H7a1 1 0 01-1-1zm1-1a5 5 0 0110 0zm2-4L8 2m7 2l1-2M4 10v5m16-5v5M9 18v3m6-3v3',
  apple:
    'M16 3c0 2-1.5 3.5-3.5 3.5C12.5 4.5 14 3 16 3zM12 8c1 0 2-.7 3.5-.7 1.7 0 3 1 3.8 2.3-3 1.7-2.5 6 .7 7.2-.8 2-2.3 4.2-4 4.2-1.4 0-1.8-.8-3.7-.8s-2.4.8-3.7.8C6 21 3 16.500 4 12c.5-2.500 2.500-4.200 4.500-4.200 1.500 0 2.500.7 3.500.7z',
  search: 'M11 4a7 7 0 100 14 7 7 0 000-14zm10 17l-5-5',
  calendar: 'M4 5h16v16H4zM4 9h16M8 3v4m8-4v4',
  sparkles:
    'M12 3l1.8 4.7L18.5 9.5 13.8 11.3 12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

export function isIconName(name: string): name is IconName {
  return name in PATHS;
}
