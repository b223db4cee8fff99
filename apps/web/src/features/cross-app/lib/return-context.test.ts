import { describe, expect, it } from 'vitest';
import { encodeReturnContext, parseReturnContext } from './return-context';

describe('cross-app return context', () => {
  it('round-trips a context', () => {
    const raw = encodeReturnContext({ source: 'CRM', returnUrl: 'https://crm.example/deals' });
    expect(parseReturnContext(raw)).toEqual({ source: 'CRM', returnUrl: 'https://crm.example/deals' });
  });

  it('refuses garbage and drops non-http return URLs', () => {
    expect(parseReturnContext('%%%')).toBeNull();
    expect(parseReturnContext(encodeReturnContext({ source: '' }))).toBeNull();
    expect(
      parseReturnContext(encodeReturnContext({ source: 'CRM', returnUrl: 'javascript:alert(1)' })),
    ).toEqual({ source: 'CRM' });
  });
});
