import type { SessionResponse } from '@sorte/contracts';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';
import { useSession } from '../../lib/session';
import { sealBody } from './encryption';
import { registerSettingQuery } from './register-setting';
import { FORCED_CHANGE_KEY, isForcedChangePending } from '../../lib/session';

export const authKeys = {
  registerSetting: registerSettingQuery.queryKey,
  affiliate: (code: string, domain: string) => ['auth', 'affiliate', code, domain] as const,
};

export interface Captcha {
  captchaId: string;
  image: string;
}
export interface SmsSent {
  expiredMinutes: number;
  expirationTime: string;
}
export interface AffiliateCheck {
  valid: boolean;
  code: string;
}
export interface RegisterResult {
  account: string;
  session: SessionResponse | null;
}
export interface IpVerificationDetails {
  challengeId: string;
  methods: Array<'sms' | 'email'>;
  maskedMobile: string | null;
  maskedEmail: string | null;
}

export function useRegisterSetting() {
  return useQuery(registerSettingQuery);
}

export const fetchCaptcha = () => apiGet<Captcha>('/wps/captcha');

export function checkAffiliate(code: string, domain: string, signal?: AbortSignal) {
  return apiGet<AffiliateCheck>('/wps/agent/affiliate', { query: { code, domain }, signal });
}

export type SmsKind = 'register' | 'noLogin' | 'password';

export interface SmsTarget {
  countryDialingCode: string;
  mobileNo: string;
  captchaId?: string;
  captchaCode?: string;
}

/** Sends an SMS code. The password variant is named `mobileNum` in spec §7, so both names travel. */
export function requestSmsCode(kind: SmsKind, target: SmsTarget) {
  const query: Record<string, string | undefined> = { ...target };
  if (kind === 'password') query.mobileNum = target.mobileNo;
  return apiGet<SmsSent>(`/wps/verification/sms/${kind}`, { query });
}

/** Calls an endpoint the spec marks "encrypted". */
export async function secureSend<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  encrypt: boolean,
): Promise<T> {
  const payload = await sealBody(body, encrypt);
  return method === 'POST' ? apiPost<T>(path, payload) : apiPut<T>(path, payload);
}

export const sendIpVerification = (challengeId: string, method: 'sms' | 'email') =>
  apiPost<unknown>('/wps/session/login/verification', { challengeId, method });

export const forgotByEmail = (username: string, email: string) =>
  apiPost<unknown>('/wps/member/password/email', { username, email });

export const resetByToken = (resetToken: string, newPassword: string) =>
  apiPost<unknown>('/wps/member/password/reset', { resetToken, newPassword });

export async function logout() {
  try {
    await apiDelete<unknown>('/wps/session/logout');
  } catch {
    // Signing out locally matters more than the server answer.
  }
  useSession.getState().clear();
}

function store(key: string, value: string | null | undefined) {
  try {
    if (value === null || value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the in-memory session still works
  }
}

export { FORCED_CHANGE_KEY, isForcedChangePending };

export function clearForcedChange() {
  store(FORCED_CHANGE_KEY, null);
}

interface MemberInfoLite {
  id: string;
  isAgent: number;
  clubLabel?: unknown;
}

/**
 * Keeps the session after a login or sign-up: token (and account, merchant) in sessionStorage, the
 * token shared with the other tabs and, with `remember`, kept across browser restarts; then either asks for a forced password change or loads member info and runs the first-login
 * action. Answers 'changePassword' when the caller must open that modal.
 */
export async function completeLogin(
  session: SessionResponse,
  queryClient: QueryClient,
  options: { merchantCode?: string; allowForcedChange?: boolean; remember?: boolean } = {},
): Promise<'changePassword' | 'done'> {
  store('account', session.account);
  if (options.merchantCode && !sessionStorage.getItem('merchant')) store('merchant', options.merchantCode);
  useSession.getState().setToken(session.token, { remember: options.remember === true });
  if (session.mustChangePassword && options.allowForcedChange !== false) {
    store(FORCED_CHANGE_KEY, '1');
    return 'changePassword';
  }
  await loadMember(queryClient, session.token);
  if (session.firstTimeLogin) {
    apiPost<unknown>('/wps/member/first-login').catch(() => {
      // The first-login action is best effort; the player is already in.
    });
  }
  return 'done';
}

/**
 * Loads member info into the query the shell's useMemberInfo reads (same key: ['member','info',token]).
 * Failure is not fatal: the shell query retries on its own.
 */
export async function loadMember(queryClient: QueryClient, token: string) {
  try {
    const info = await queryClient.fetchQuery({
      queryKey: ['member', 'info', token],
      queryFn: () => apiGet<MemberInfoLite>('/wps/member/info'),
    });
    store('isAgent', String(info.isAgent));
    store('customerId', info.id);
    if (info.clubLabel) store('memberLabel', JSON.stringify(info.clubLabel));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) useSession.getState().clear();
  }
}
