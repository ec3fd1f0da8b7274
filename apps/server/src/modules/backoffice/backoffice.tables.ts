import type { ColumnType, Generated } from 'kysely';
import type { OperatorRole } from '@sorte/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OperatorsTable {
  id: Generated<string>;
  merchant_id: string;
  username: string;
  password_hash: string;
  role: OperatorRole;
  status: Generated<'active' | 'disabled'>;
  /** Base32 TOTP secret, sealed with the server's data key at rest. */
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  /** The last accepted 30-second step: a code is never accepted twice. */
  totp_last_step: bigint | null;
  failures: Generated<number>;
  locked_until: Date | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  created_at: Timestamp;
  /** SHA-256 (hex) of a one-time enrolment link's token, until it is used or replaced. */
  enrolment_token_hash: string | null;
  enrolment_expires_at: Date | null;
}

export interface OperatorSessionsTable {
  id: Generated<string>;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  operator_id: string;
  /** false until the second factor passed (or was enrolled): such a session may only enrol TOTP. */
  totp_verified: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  revoked_at: Date | null;
}

/** Append-only: who did what, when, to which record, with the state before and after. */
export interface AuditLogTable {
  id: Generated<bigint>;
  merchant_id: string;
  operator_id: string | null;
  operator_name: string;
  action: string;
  target_type: string;
  target_id: string | null;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface BackofficeTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
}
