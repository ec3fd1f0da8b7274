import type { ColumnType, Generated } from 'kysely';

// Tables of the system module, written by migration 0001_system.

/** jsonb: read as parsed JSON, written as a JSON string (pg would turn a JS array into a SQL array). */
type Json<T> = ColumnType<T, string | undefined, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface RegionLists {
  allowCountries: string[];
  denyCountries: string[];
  allowIps: string[];
  denyIps: string[];
}

export interface MerchantsTable {
  id: Generated<string>;
  code: string;
  brand_name: string;
  logo_url: string;
  favicon_url: string | null;
  theme: Json<Record<string, unknown>>;
  currency: Generated<string>;
  currency_symbol: Generated<string>;
  languages: ColumnType<string[], string[] | undefined, string[]>;
  default_language: Generated<string>;
  game_language: Generated<string>;
  minimum_age: Generated<number>;
  prize_mode: Generated<string>;
  lottery_type: Generated<string>;
  affiliate_link: string | null;
  flags: Json<Record<string, boolean>>;
  security: Json<Record<string, unknown>>;
  registration_fields: Json<Record<string, unknown>>;
  countries: Json<{ countryCode: string; countryDialingCode: string }[]>;
  default_country_code: Generated<string>;
  customer_service: Json<{ type: number; path: string }[]>;
  social_links: Json<Record<string, string>>;
  resources: Json<Record<string, unknown>[]>;
  image_cdns: ColumnType<string[], string[] | undefined, string[]>;
  launch_game_cdns: ColumnType<string[], string[] | undefined, string[]>;
  maintenance: Generated<boolean>;
  maintenance_end_time: Date | null;
  region_restricted: Generated<boolean>;
  region: Json<RegionLists>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MerchantDomainsTable {
  domain: string;
  merchant_id: string;
  created_at: CreatedAt;
}

export interface BannersTable {
  id: Generated<string>;
  merchant_id: string;
  group_name: string;
  /** The art for every language; null when the banner has only per-language images or words. */
  url: string | null;
  /** An image per language (language → address), winning over url for that language. */
  images: Json<Record<string, string>>;
  linkage_type: string;
  link: string | null;
  title: Json<Record<string, string>>;
  sort_order: number;
  enabled: boolean;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AnnouncementsTable {
  id: Generated<string>;
  merchant_id: string;
  type: string;
  title: Json<Record<string, string>>;
  content: Json<Record<string, string>>;
  starts_at: ColumnType<Date, Date | string | undefined, Date | string>;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sort_order: number;
  /** 'all' (the public lists) or 'agents' (the agent centre's Announcement page only), migration 0066. */
  audience: ColumnType<'all' | 'agents', 'all' | 'agents' | undefined, 'all' | 'agents'>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The popup (PU) announcements a member has seen, at the version (updated_at) seen. */
export interface AnnouncementReadsTable {
  member_id: string;
  announcement_id: string;
  version: ColumnType<Date, Date, Date>;
  seen_at: UpdatedAt;
}

export interface HelpEntriesTable {
  id: Generated<string>;
  merchant_id: string;
  title: Json<Record<string, string>>;
  content: Json<Record<string, string>>;
  sort_order: number;
  created_at: CreatedAt;
}

export interface OperatorAuditTable {
  id: Generated<string>;
  merchant_id: string | null;
  operator_key_id: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  created_at: CreatedAt;
}

export interface SystemTables {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  help_entries: HelpEntriesTable;
  operator_audit: OperatorAuditTable;
}
