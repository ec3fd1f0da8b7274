/**
 * Vietnam's three official lottery regions, their games and when they draw. The schedule is the
 * commonly published one (the weekday tables every Vietnamese results site prints for XSMB, XSMT and
 * XSMN); it is data, not code, because the state lottery companies change it now and then (the 2025
 * province mergers may move some games), and an operator must be able to correct it without logic
 * changing. All times are Asia/Ho_Chi_Minh (UTC+7 all year, Vietnam has no daylight saving time).
 */

export const VN_REGIONS = ['north', 'central', 'south'] as const;
export type VnRegion = (typeof VN_REGIONS)[number];

/** The two prize tables: the North's 27 prizes, and the 18 prizes shared by Central and South. */
export type VnStructure = 'north' | 'southCentral';

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay counts, so weekdays can be read off a shifted Date. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
const EVERY_DAY: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

export interface VnRegionInfo {
  region: VnRegion;
  /** The Vietnamese name players know the region by. */
  name: string;
  /** The results abbreviation printed on every results site. */
  abbreviation: string;
  structure: VnStructure;
  /** Local start time of the region's draws, "HH:MM"; the results come in over the following ~20 minutes. */
  drawTime: string;
}

export const VN_REGION_INFO: Readonly<Record<VnRegion, VnRegionInfo>> = {
  north: { region: 'north', name: 'Miền Bắc', abbreviation: 'XSMB', structure: 'north', drawTime: '18:15' },
  central: {
    region: 'central',
    name: 'Miền Trung',
    abbreviation: 'XSMT',
    structure: 'southCentral',
    drawTime: '17:15',
  },
  south: {
    region: 'south',
    name: 'Miền Nam',
    abbreviation: 'XSMN',
    structure: 'southCentral',
    drawTime: '16:15',
  },
};

/**
 * One game a player can bet on. In the Central and South each province's lottery company runs its own
 * draw on its weekdays; the North is a single daily game (hosted in turn by the provinces of
 * NORTH_HOSTS), so it appears here once, as code MB.
 */
export interface VnProvince {
  code: string;
  name: string;
  region: VnRegion;
  weekdays: readonly Weekday[];
}

const province = (code: string, name: string, region: VnRegion, ...weekdays: Weekday[]): VnProvince => ({
  code,
  name,
  region,
  weekdays,
});

/** Commonly published schedule (weekday → provinces), listed in the order results sites print them. */
export const VN_PROVINCES: readonly VnProvince[] = [
  { code: 'MB', name: 'Miền Bắc', region: 'north', weekdays: EVERY_DAY },
  // Central (XSMT)
  province('TTH', 'Thừa Thiên Huế', 'central', 1, 0),
  province('PY', 'Phú Yên', 'central', 1),
  province('DLK', 'Đắk Lắk', 'central', 2),
  province('QNM', 'Quảng Nam', 'central', 2),
  province('DNG', 'Đà Nẵng', 'central', 3, 6),
  province('KH', 'Khánh Hòa', 'central', 3, 0),
  province('BDI', 'Bình Định', 'central', 4),
  province('QT', 'Quảng Trị', 'central', 4),
  province('QB', 'Quảng Bình', 'central', 4),
  province('GL', 'Gia Lai', 'central', 5),
  province('NT', 'Ninh Thuận', 'central', 5),
  province('QNG', 'Quảng Ngãi', 'central', 6),
  province('DNO', 'Đắk Nông', 'central', 6),
  province('KT', 'Kon Tum', 'central', 0),
  // South (XSMN)
  province('HCM', 'TP. Hồ Chí Minh', 'south', 1, 6),
  province('DT', 'Đồng Tháp', 'south', 1),
  province('CM', 'Cà Mau', 'south', 1),
  province('BTR', 'Bến Tre', 'south', 2),
  province('VT', 'Vũng Tàu', 'south', 2),
  province('BL', 'Bạc Liêu', 'south', 2),
  province('DN', 'Đồng Nai', 'south', 3),
  province('CT', 'Cần Thơ', 'south', 3),
  province('ST', 'Sóc Trăng', 'south', 3),
  province('TN', 'Tây Ninh', 'south', 4),
  province('AG', 'An Giang', 'south', 4),
  province('BTH', 'Bình Thuận', 'south', 4),
  province('VL', 'Vĩnh Long', 'south', 5),
  province('BD', 'Bình Dương', 'south', 5),
  province('TV', 'Trà Vinh', 'south', 5),
  province('LA', 'Long An', 'south', 6),
  province('BP', 'Bình Phước', 'south', 6),
  province('HG', 'Hậu Giang', 'south', 6),
  province('TG', 'Tiền Giang', 'south', 0),
  province('KG', 'Kiên Giang', 'south', 0),
  province('DL', 'Đà Lạt', 'south', 0),
];

/** Which province's company hosts the North's daily draw (shown beside the result; it does not change the bet). */
export const NORTH_HOSTS: Readonly<Record<Weekday, string>> = {
  0: 'Thái Bình',
  1: 'Hà Nội',
  2: 'Quảng Ninh',
  3: 'Bắc Ninh',
  4: 'Hà Nội',
  5: 'Hải Phòng',
  6: 'Nam Định',
};

const BY_CODE = new Map(VN_PROVINCES.map((p) => [p.code, p]));

export function findProvince(code: string): VnProvince | undefined {
  return BY_CODE.get(code);
}

export function structureOf(region: VnRegion): VnStructure {
  return VN_REGION_INFO[region].structure;
}

/** The games drawing on a weekday in a region, in the published order. */
export function provincesOn(region: VnRegion, weekday: Weekday): VnProvince[] {
  return VN_PROVINCES.filter((p) => p.region === region && p.weekdays.includes(weekday));
}
