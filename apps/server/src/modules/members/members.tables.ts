import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Contact handles the registration form may collect; stored together since none is queried alone. */
export interface MemberContacts {
  qq?: string;
  line?: string;
  whatsapp?: string;
  zalo?: string;
  facebook?: string;
  wechat?: string;
  telegram?: string;
}

export interface MembersTable {
  id: Generated<string>;
  merchant_id: string;
  /** The username exactly as typed; uniqueness is on lower(account) per merchant. */
  account: string;
  password_hash: string;
  payment_password_hash: string | null;
  /** 0 member; 1, 2, 41, 42 agents; 4 trial (free play). */
  type: number;
  parent_id: string | null;
  /** '/rootId/…/parentId/' — the upline chain, so a downline is one prefix query. */
  ancestry: string;
  status: 'active' | 'disabled';
  currency: string;
  nickname: string | null;
  payee_name: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile: string | null;
  contacts: ColumnType<MemberContacts, string, string>;
  id_number: string | null;
  birthday: string | null;
  recommender: string | null;
  referral_code: string;
  referred_by: string | null;
  /** An agent's own invitation code; null for plain members. */
  affiliate_code: string | null;
  affiliate_code_used: string | null;
  vip_label_name: Generated<string>;
  vip_color: Generated<string>;
  vip_color2: Generated<string>;
  vip_rank_level: Generated<number>;
  age_confirmed_at: Timestamp | null;
  terms_accepted_at: Timestamp | null;
  register_ip: string | null;
  register_domain: string | null;
  register_url: string | null;
  register_method: string | null;
  password_changed_at: Timestamp;
  must_change_password: Generated<boolean>;
  first_login_done_at: Timestamp | null;
  last_login_at: Timestamp | null;
  last_login_ip: string | null;
  created_at: Timestamp;
}

export interface MembersTables {
  members: MembersTable;
}
