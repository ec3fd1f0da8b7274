import { describe, expect, it } from 'vitest';
import { chatLink, contactReads, offeredChannels } from './RedeemContact';

describe('the WhatsApp and Zalo redeem prompt', () => {
  it('offers only the channels the merchant gave a contact for, WhatsApp first', () => {
    expect(offeredChannels(undefined)).toEqual([]);
    expect(offeredChannels({ whatsapp: null, zalo: null })).toEqual([]);
    expect(offeredChannels({ whatsapp: null, zalo: '0901234567' })).toEqual(['zalo']);
    expect(offeredChannels({ whatsapp: '+55 11 98888-7777', zalo: 'sorte.vn' })).toEqual([
      'whatsapp',
      'zalo',
    ]);
  });
  it('reads a WhatsApp number with its country code and a Zalo ID or phone', () => {
    expect(contactReads({ channel: 'whatsapp', handle: ' +55 21 97777-6666 ' })).toBe(true);
    expect(contactReads({ channel: 'whatsapp', handle: 'me' })).toBe(false);
    expect(contactReads({ channel: 'zalo', handle: 'ana.nguyen' })).toBe(true);
    expect(contactReads({ channel: 'zalo', handle: 'a!' })).toBe(false);
  });
  it('links a chat with the merchant: wa.me takes the digits, zalo.me the phone or ID', () => {
    expect(chatLink('whatsapp', '+55 11 98888-7777')).toBe('https://wa.me/5511988887777');
    expect(chatLink('zalo', '090 123 4567')).toBe('https://zalo.me/0901234567');
  });
});
