/**
 * Two full results written out by hand for the worked examples, shaped like real ones. Their lô
 * numbers were counted by hand too (listed below) so the tests do not check the code with itself.
 */
import type { VnResult } from './result.ts';

/**
 * XSMB, Monday 2026-11-23 (host Hà Nội). Đề: 17.
 * Lô 2 số (27): 17 ×2 (ĐB, G2), 33 ×2 (G2, G7), 81 ×2 (G3, G4), 48 ×2 (G5, G7); once: 64 40 55 08 29 72
 * 36 14 90 25 73 59 16 02 18 84 52 06 71. Lô 3 số (23, no G7): 517 264 733 217 781 940 355 608 129 472
 * 581 936 214 390 148 025 873 559 416 302 618 084 952, all once.
 */
export const NORTH_RESULT: VnResult = {
  structure: 'north',
  prizes: {
    db: ['38517'],
    g1: ['90264'],
    g2: ['15733', '48217'],
    g3: ['06781', '52940', '71355', '24608', '83129', '60472'],
    g4: ['4581', '0936', '7214', '3390'],
    g5: ['1148', '6025', '8873', '2559', '4416', '9302'],
    g6: ['618', '084', '952'],
    g7: ['33', '06', '71', '48'],
  },
};

/**
 * XSMN TP. Hồ Chí Minh, Monday 2026-11-23. Đề: 35.
 * Lô 2 số (18): 47 ×3 (G8, G6, G3), 35 ×3 (G7, G4, ĐB); once: 81 90 36 09 53 17 62 88 74 60 03 26.
 * Lô 3 số (17, no G8): 935 ×3 (G7, G4, ĐB); once: 181 647 290 736 409 853 017 562 288 174 260 147 903 826.
 */
export const SOUTH_RESULT: VnResult = {
  structure: 'southCentral',
  prizes: {
    g8: ['47'],
    g7: ['935'],
    g6: ['5181', '0647', '2290'],
    g5: ['7736'],
    g4: ['61409', '28853', '93017', '40935', '15562', '76288', '02174'],
    g3: ['83260', '39147'],
    g2: ['57903'],
    g1: ['14826'],
    db: ['620935'],
  },
};
