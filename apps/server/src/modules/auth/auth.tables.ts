import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface SessionsTable {
  id: Generated<string>;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  member_id: string;
  merchant_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The site's device id at sign-in (migration 0083), for the abuse limits. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
  revoked_at: Timestamp | null;
}

/** Failed-login counters per (merchant, subject) where subject is 'a:<lower account>' or 'i:<ip>'. */
export interface LoginFailuresTable {
  merchant_id: string;
  subject: string;
  failures: number;
  last_failure_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface KnownIpsTable {
  member_id: string;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface CaptchasTable {
  id: string;
  merchant_id: string;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export type SmsPurpose = 'register' | 'login' | 'password';

export interface SmsCodesTable {
  id: Generated<string>;
  merchant_id: string;
  purpose: SmsPurpose;
  /** Dialing code and number, digits only. */
  address: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  token_hash: string;
  member_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Second verification of a login from an unknown IP; the code is set when the member picks a channel. */
export interface IpChallengesTable {
  id: string;
  member_id: string;
  ip: string;
  code_hash: string | null;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LoginHistoryTable {
  id: Generated<string>;
  merchant_id: string;
  member_id: string | null;
  at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  method: string;
}

/** Fixed-window counters for throttles that must hold across instances. */
export interface AuthThrottlesTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface AuthTables {
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  member_known_ips: KnownIpsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  password_resets: PasswordResetsTable;
  ip_challenges: IpChallengesTable;
  login_history: LoginHistoryTable;
  auth_throttles: AuthThrottlesTable;
}
