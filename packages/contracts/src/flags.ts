/**
 * Feature flags by mod id. The ten ids of spec §3 keep their names; the flags the spec names elsewhere
 * get descriptive ids. Every merchant stores a value for each; unknown ids are refused on update.
 */
export const FEATURE_FLAGS = [
  'MOBILEVERCODELOGIN3', // SMS verification-code login tab
  'DIRECTREG3', // Register button in the header
  'CBS3', // customer-service chat
  'CHNGPASSVERIF3', // password recovery by phone
  'MOBILENUMREG3', // registration by mobile number
  'REGMOBVERF3', // SMS code required on registration
  'MOBILENUMPASSREG3', // mobile registration asks for a password
  'USERNAMEREG3', // registration by username
  'FREEPLAY3', // free demo (trial account) login
  'PWDEXPFORCECHANGE3', // expired passwords must be changed at login
  'redirectLoggedOut',
  'memberCentre',
  'agentCentre',
  'referralPromo',
  'dividendContract',
  'dailySalary',
  'hourlySalary',
  'realtimeSalary',
  'captchaOnRegister',
  'captchaOnLogin',
  'sms',
  'encryption',
  'showBarsOnSeamless',
  'ipVerification',
  'sportsbook', // the sportsbook (/sports, /esports, the bet slip): its menu entries show only when on
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/**
 * Whether registering in a mode needs an SMS code (spec §5: always in mobile mode; in username mode
 * when SMS verification is on — and then the mobile number it goes to is required too). The server's
 * register setting, its registration check and the form all ask this one function.
 */
export function registrationNeedsSms(
  mode: 'username' | 'mobile',
  flags: Pick<FeatureFlags, 'sms' | 'REGMOBVERF3'>,
): boolean {
  return mode === 'mobile' || (flags.sms && flags.REGMOBVERF3);
}
