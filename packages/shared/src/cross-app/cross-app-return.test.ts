import { describe, expect, it } from 'vitest';
import { resolveReturn, type SisterApp } from './cross-app-return.ts';

const apps: SisterApp[] = [
  { target: 'crm', label: 'CRM', origin: 'https://crm.example.com' },
  { target: 'hr', label: 'HR', origin: 'https://hr.example.com' },
];

describe('resolveReturn', () => {
  it('accepts a configured sister app by key or label, with a page of its own', () => {
    expect(resolveReturn({ source: 'CRM', returnUrl: 'https://crm.example.com/deals?id=1' }, apps)).toEqual({
      source: 'CRM',
      returnUrl: 'https://crm.example.com/deals?id=1',
    });
    expect(resolveReturn({ source: 'hr' }, apps)).toEqual({ source: 'HR' });
  });

  it.each([
    ['an unknown source', { source: 'Your bank - call 0800 666 now' }],
    ['an empty source', { source: '' }],
    ['a return URL elsewhere', { source: 'CRM', returnUrl: 'https://evil.example/phish' }],
    ['the other sister app', { source: 'CRM', returnUrl: 'https://hr.example.com/' }],
    ['a look-alike host', { source: 'CRM', returnUrl: 'https://crm.example.com.evil.example/' }],
    ['credentials in the URL', { source: 'CRM', returnUrl: 'https://crm.example.com@evil.example/' }],
    ['javascript:', { source: 'CRM', returnUrl: 'javascript:alert(1)' }],
    ['a relative URL', { source: 'CRM', returnUrl: '//evil.example/' }],
    ['plain http for an https app', { source: 'CRM', returnUrl: 'http://crm.example.com/' }],
  ])('refuses %s', (_, context) => {
    expect(resolveReturn(context, apps)).toBeNull();
  });

  it('accepts nothing when no sister app is configured', () => {
    expect(resolveReturn({ source: 'CRM', returnUrl: 'https://crm.example.com/' }, [])).toBeNull();
  });
});
