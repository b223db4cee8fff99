import { describe, expect, it } from 'vitest';
import { displayName, initials } from './initials';

describe('initials', () => {
  it.each([
    ['Alice Smith', 'AS'],
    ['alice smith', 'AS'],
    ['Mary Jane Watson', 'MJ'],
    ['Tom', 'T'],
    ['  tom   jones  ', 'TJ'],
    ['owner@northwind.example', 'O'],
    ['User', 'U'],
    ['', ''],
  ])('%j gives %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('never gives more than two characters', () => {
    expect(initials('a b c d e').length).toBe(2);
  });
});

describe('displayName', () => {
  it('uses the full name first', () => {
    expect(displayName({ fullName: 'Alice Smith', email: 'alice@northwind.example' })).toBe('Alice Smith');
  });

  it('falls back to the email when the name is missing or blank', () => {
    expect(displayName({ fullName: null, email: 'alice@northwind.example' })).toBe('alice@northwind.example');
    expect(displayName({ fullName: '   ', email: 'alice@northwind.example' })).toBe(
      'alice@northwind.example',
    );
  });

  it('falls back to "User" when there is neither', () => {
    expect(displayName({ fullName: null, email: null })).toBe('User');
    expect(displayName({})).toBe('User');
  });
});
