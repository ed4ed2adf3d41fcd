import { describe, expect, it } from 'vitest';
import { actionValueError, manageActionInputSchema, manageActionSheetRowSchema } from '../src/index.js';

describe('manage-action values by type (DESIGN s.4b)', () => {
  it.each([
    ['open-url', 'https://nova.example/a?b=1#c', true],
    ['open-url', 'HTTP://nova.example', true],
    ['open-url', 'https://', false],
    ['open-url', 'javascript:alert(1)', false],
    ['deep-link', 'novaapp://offers/42', true],
    ['deep-link', 'nova-app+x.y://a', true],
    ['deep-link', '1app://a', false],
    ['deep-link', 'novaapp://', false],
    ['deep-link', 'https://nova.example/offers', true],
    ['deep-link', 'javascript://%0aalert(1)', false],
    ['deep-link', 'JavaScript://x%0aalert(1)', false],
    ['deep-link', 'data://text/html,<script>alert(1)</script>', false],
    ['deep-link', 'vbscript://x', false],
    ['deep-link', 'file:///etc/passwd', false],
    ['deep-link', 'blob://x', false],
    ['deep-link', 'about://blank', false],
    ['deep-link', 'javascriptapp://home', true],
    ['show-media', '42', true],
    ['show-media', '042', false],
    ['show-media', '2147483648', false],
    ['call', '+32 (0)2 555-01.00', true],
    ['call', '+1234567', true],
    ['call', '123456', false],
    ['call', '+1234567890123456', false],
    ['sms', '0470 12 34 56', true],
    ['sms', '0470 12 34 56 ext', false],
    ['email', 'a@b.example', true],
    ['email', 'a b@c.example', false],
  ] as const)('%s %j -> %s', (type, value, ok) => {
    expect(actionValueError(type, value) === undefined).toBe(ok);
  });

  it('an empty or over-long value has its own message', () => {
    expect(actionValueError('call', '  ')).toBe('Enter the phone number to call');
    expect(actionValueError('open-url', '')).toBe('Enter a web address');
    expect(actionValueError('open-url', `https://a.example/${'x'.repeat(2048)}`)).toBe('Value must be at most 2048 characters');
  });

  it('a deep link with a refused scheme says so, with or without //, in the form schema and in a sheet row', () => {
    const unsafe = 'This link type is not allowed: use http://, https:// or an app scheme such as myapp://';
    for (const value of ['javascript:alert(1)', 'javascript://%0aalert(1)', ' DATA:text/html;base64,PHNjcmlwdD4=', 'data://x'])
      expect(actionValueError('deep-link', value), value).toBe(unsafe);
    const form = manageActionInputSchema.safeParse({ clientId: 1, name: 'x', actionType: 'deep-link', value: 'javascript://%0aalert(1)' });
    expect(form.error?.issues).toEqual([expect.objectContaining({ path: ['value'], message: unsafe })]);
    const row = manageActionSheetRowSchema.safeParse({ name: 'x', actionType: 'Deep-Link', value: 'data:text/html,<b>x</b>' });
    expect(row.error?.issues).toEqual([expect.objectContaining({ path: ['value'], message: unsafe })]);
  });

  it('the form and API schema put the type-specific message on value', () => {
    const r = manageActionInputSchema.safeParse({ clientId: 1, name: 'x', actionType: 'email', value: 'nope' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['value'], message: 'Invalid email address' })]);
  });

  it('a sheet row: no clientId, type in any case, tone code upper-cased, status defaults to active', () => {
    expect(
      manageActionSheetRowSchema.parse({ name: ' Offer ', actionType: 'Open-URL', value: 'https://a.example', toneCode: 'ab-12' }),
    ).toEqual({
      name: 'Offer',
      actionType: 'open-url',
      value: 'https://a.example',
      toneCode: 'AB-12',
      status: 'active',
    });
    expect(manageActionSheetRowSchema.parse({ name: 'x', actionType: 'sms', value: '+15550100123', toneCode: '' }).toneCode).toBeNull();
    expect(manageActionSheetRowSchema.safeParse({ name: 'x', actionType: 'show-media', value: 'poster.png' }).success).toBe(false);
  });
});
