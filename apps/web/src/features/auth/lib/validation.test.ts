import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkConfirmation,
  checkValue,
  DEFAULT_RULE,
  issueMessage,
  oneRegisterForm,
  planRegisterFields,
  serverFieldIssues,
  type Translate,
} from './validation';

const en: Record<string, string> = {
  'validation.required': '{{field}} cannot be empty',
  'validation.mismatch': 'The two passwords are inconsistent',
  'validation.length': 'Must be {{min}} - {{max}} characters',
  'validation.lengthExact': 'Must be {{count}} characters',
  'validation.invalid': '{{field}} format is incorrect',
  'patterns.reg_pattern_2': '(min) - (max) characters, starting with a letter, letters and digits only',
  'patterns.reg_pattern_7': '(min) - (max) digits only',
};
const t: Translate = (key, options = {}) => {
  const text = en[key] ?? (options.defaultValue as string | undefined) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
};

describe('issueMessage', () => {
  it('names the field in the required message', () => {
    expect(issueMessage(t, 'Username', { key: 'required' })).toBe('Username cannot be empty');
  });
  it('fills the pattern bounds', () => {
    expect(issueMessage(t, 'Username', { key: 'reg_pattern_2', params: { min: 6, max: 16 } })).toBe(
      '6 - 16 characters, starting with a letter, letters and digits only',
    );
  });
  it('collapses equal bounds to one number', () => {
    expect(issueMessage(t, 'PIN', { key: 'reg_pattern_7', params: { min: 6, max: 6 } })).toBe(
      '6 digits only',
    );
  });
  it('falls back to a generic line for an unknown pattern id', () => {
    expect(issueMessage(t, 'Nickname', { key: 'reg_pattern_99', params: { min: 1, max: 2 } })).toBe(
      'Nickname format is incorrect',
    );
  });
  it('uses the mismatch line for confirmations', () => {
    expect(issueMessage(t, 'Confirm', { key: 'mismatch' })).toBe('The two passwords are inconsistent');
  });
});

describe('client checks', () => {
  const usernameRule = { ...DEFAULT_RULE, patternId: 2, minLength: 6, maxLength: 16 };
  it('flags a username starting with a digit with its pattern key', () => {
    expect(checkValue('1abcdef', usernameRule)).toEqual({
      key: 'reg_pattern_2',
      params: { min: 6, max: 16 },
    });
  });
  it('accepts a valid username and flags an empty one as required', () => {
    expect(checkValue('player01', usernameRule)).toBeUndefined();
    expect(checkValue('', usernameRule)).toEqual({ key: 'required', params: {} });
  });
  it('checks confirmation equality', () => {
    expect(checkConfirmation('', 'a')).toEqual({ key: 'required' });
    expect(checkConfirmation('abc', 'abd')).toEqual({ key: 'mismatch' });
    expect(checkConfirmation('abc', 'abc')).toBeUndefined();
  });
});

describe('serverFieldIssues', () => {
  it('maps the contract array form', () => {
    const issues = serverFieldIssues({
      fields: [
        { field: 'username', key: 'reg_pattern_2', params: { min: 6, max: 16 } },
        { field: 'confirmPassword', key: 'mismatch' },
        { field: 'email', key: 'something_new' },
      ],
    });
    expect(issues).toEqual([
      { field: 'username', issue: { key: 'reg_pattern_2', params: { min: 6, max: 16 } } },
      { field: 'confirmPassword', issue: { key: 'mismatch', params: {} } },
      { field: 'email', issue: { key: 'invalid', params: {} } },
    ]);
  });
  it('accepts a record form and ignores junk', () => {
    expect(serverFieldIssues({ fields: { password: 'length' } })).toEqual([
      { field: 'password', issue: { key: 'length', params: {} } },
    ]);
    expect(serverFieldIssues(undefined)).toEqual([]);
    expect(serverFieldIssues({ fields: [null, { key: 'required' }] })).toEqual([]);
  });
});

describe('planRegisterFields', () => {
  const off = { ...DEFAULT_RULE, enabled: false };
  const setting = {
    fields: {
      email: { ...DEFAULT_RULE, required: false, patternId: 4 },
      mobileNum: off,
      affiliateCode: DEFAULT_RULE,
      qqNum: off,
    },
    mobilePasswordRegister: false,
    smsEnabled: true,
  };
  const names = (plan: { name: string }[]) => plan.map((f) => f.name);

  it('username mode: username and password pair first, then enabled extras only', () => {
    expect(names(planRegisterFields(setting, 'username'))).toEqual([
      'username',
      'password',
      'confirmPassword',
      'email',
      'affiliateCode',
    ]);
  });
  it('mobile mode: mobile and SMS code are required, password pair only when enabled', () => {
    const plan = planRegisterFields(setting, 'mobile');
    expect(names(plan)).toEqual(['mobileNum', 'verificationCode', 'email', 'affiliateCode']);
    expect(plan[0]!.rule.required).toBe(true);
    expect(names(planRegisterFields({ ...setting, mobilePasswordRegister: true }, 'mobile'))).toContain(
      'confirmPassword',
    );
  });
  it('hides the affiliate field when the address carried a valid code', () => {
    expect(names(planRegisterFields(setting, 'username', { hideAffiliate: true }))).not.toContain(
      'affiliateCode',
    );
  });
  it('shows the SMS code in username mode when mobile is enabled and SMS is on', () => {
    const withMobile = {
      ...setting,
      fields: { ...setting.fields, mobileNum: { ...DEFAULT_RULE, required: false } },
    };
    expect(names(planRegisterFields(withMobile, 'username')).slice(0, 3)).toEqual([
      'username',
      'mobileNum',
      'verificationCode',
    ]);
  });
});

describe('oneRegisterForm', () => {
  // The register setting as the server sends it when SMS verification is on in username mode: the
  // number then becomes required (system.service registerSetting).
  const sms = {
    fields: {
      mobileNum: { ...DEFAULT_RULE, required: true },
      email: { ...DEFAULT_RULE, required: false },
    },
    usernameRegister: true,
    mobileRegister: true,
    mobilePasswordRegister: true,
    smsEnabled: true,
  };

  it('one form when the username tab asks the number, its code and the password like the mobile tab', () => {
    expect(oneRegisterForm(sms)).toBe(true);
  });
  it('two tabs when the mobile sign-up is shorter (no password) or the username one asks no SMS', () => {
    expect(oneRegisterForm({ ...sms, mobilePasswordRegister: false })).toBe(false);
    expect(
      oneRegisterForm({ ...sms, smsEnabled: false, fields: { ...sms.fields, mobileNum: DEFAULT_RULE } }),
    ).toBe(false);
  });
  it('never when only one way of signing up is on', () => {
    expect(oneRegisterForm({ ...sms, mobileRegister: false })).toBe(false);
    expect(oneRegisterForm({ ...sms, usernameRegister: false })).toBe(false);
  });
});

describe('the pt-BR validation messages agree with feminine field names', () => {
  const catalog = JSON.parse(
    readFileSync(new URL('../../../locales/pt-BR/auth.json', import.meta.url), 'utf8'),
  ) as { validation: Record<string, string>; fields: Record<string, string> };
  const pt: Translate = (key, options = {}) => {
    const [group, name] = key.split('.') as ['validation', string];
    const text = catalog[group]?.[name] ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, param: string) => String(options[param] ?? ''));
  };

  it('says "O campo Senha não pode ficar vazio", never "Senha não pode ficar vazio"', () => {
    for (const field of ['password', 'birthday', 'newPassword', 'username']) {
      const text = issueMessage(pt, catalog.fields[field]!, { key: 'required' });
      expect(text).toBe(`O campo ${catalog.fields[field]} não pode ficar vazio`);
    }
    expect(issueMessage(pt, catalog.fields.birthday!, { key: 'invalid' })).toBe(
      'O formato do campo Data de nascimento está incorreto',
    );
  });
});
