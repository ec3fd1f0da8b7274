import { describe, expect, it } from 'vitest';
import { downloadTarget } from './DownloadPanel';

describe('downloadTarget', () => {
  const resources = [
    { resourceType: 'android', url: 'https://cdn/app.apk', qrCodeUrl: null },
    { resourceType: 'ios', url: 'https://cdn/ios', qrCodeUrl: 'https://cdn/profile.mobileconfig' },
  ];
  it('points Android at the package and iOS at the profile', () => {
    expect(downloadTarget(resources, 'android')).toBe('https://cdn/app.apk');
    expect(downloadTarget(resources, 'ios')).toBe('https://cdn/profile.mobileconfig');
  });
  it('answers null when the merchant has no resource for that system', () => {
    expect(downloadTarget([], 'ios')).toBeNull();
  });
  it('never offers an unsafe address a stored row may still hold', () => {
    const stored = [{ resourceType: 'android', url: 'javascript:alert(1)', qrCodeUrl: '//evil.example/x' }];
    expect(downloadTarget(stored, 'android')).toBeNull();
  });
});
