import { describe, expect, it } from 'vitest';
import { deviceFromUserAgent, maskEmail, maskMobile } from './security.rules.ts';

describe('security centre helpers', () => {
  it('masks the e-mail and the mobile number', () => {
    expect(maskEmail('joana@example.com')).toBe('j***@example.com');
    expect(maskEmail(null)).toBeNull();
    expect(maskMobile('55', '11987654321')).toBe('+55 *******4321');
  });

  it('names the device from common user agents', () => {
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome · Android');
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      deviceFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox · Windows');
    expect(deviceFromUserAgent(null)).toBeNull();
  });
});
