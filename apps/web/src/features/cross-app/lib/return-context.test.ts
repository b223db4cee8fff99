import { describe, expect, it } from 'vitest';
import { encodeReturnContext, parseReturnContext, readReturnContext } from './return-context';

const apps = [{ target: 'crm' as const, label: 'CRM', origin: 'https://crm.example' }];

describe('cross-app return context', () => {
  it('round-trips a context', () => {
    const raw = encodeReturnContext({ source: 'CRM', returnUrl: 'https://crm.example/deals' });
    expect(parseReturnContext(raw)).toEqual({ source: 'CRM', returnUrl: 'https://crm.example/deals' });
  });

  it('refuses garbage', () => {
    expect(parseReturnContext('%%%')).toBeNull();
    expect(parseReturnContext(encodeReturnContext({ source: '' }))).toBeNull();
  });

  it('accepts only a configured sister app, with a return URL on its own origin', () => {
    const read = (context: { source: string; returnUrl?: string }) =>
      readReturnContext(encodeReturnContext(context), apps);
    expect(read({ source: 'crm', returnUrl: 'https://crm.example/deals' })).toEqual({
      source: 'CRM',
      returnUrl: 'https://crm.example/deals',
    });
    expect(read({ source: 'CRM' })).toEqual({ source: 'CRM' });
    // An open redirect with the attacker's text: neither the name nor the link is shown.
    expect(read({ source: 'Your bank', returnUrl: 'https://crm.example/' })).toBeNull();
    expect(read({ source: 'CRM', returnUrl: 'https://evil.example/phish' })).toBeNull();
    expect(read({ source: 'CRM', returnUrl: 'javascript:alert(1)' })).toBeNull();
    expect(readReturnContext(encodeReturnContext({ source: 'CRM' }), [])).toBeNull();
  });
});
