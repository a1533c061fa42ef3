import { describe, expect, it } from 'vitest';
import { collectionsBase, collectionsLink, isAllowedExternalUrl } from './redirects';

describe('gateway allow-list', () => {
  const allowed = ['https://secure.ccavenue.com'];
  it('follows only allowed https origins in production', () => {
    expect(isAllowedExternalUrl('https://secure.ccavenue.com/pay?x=1', allowed, { dev: false })).toBe(true);
    expect(isAllowedExternalUrl('http://secure.ccavenue.com/pay', allowed, { dev: false })).toBe(false);
    expect(isAllowedExternalUrl('https://evil.example/pay', allowed, { dev: false })).toBe(false);
    expect(isAllowedExternalUrl('https://user:pw@secure.ccavenue.com/', allowed, { dev: false })).toBe(false);
    expect(isAllowedExternalUrl('javascript:alert(1)', allowed, { dev: false })).toBe(false);
    expect(isAllowedExternalUrl('http://127.0.0.1:3001/fake-gateway/1', allowed, { dev: false })).toBe(false);
  });
  it('allows the mock’s own fake gateway in development', () => {
    expect(isAllowedExternalUrl('http://127.0.0.1:3001/fake-gateway/1', allowed, { dev: true })).toBe(true);
    expect(isAllowedExternalUrl('https://evil.example/pay', allowed, { dev: true })).toBe(false);
  });
});

describe('collections link', () => {
  const policy = { allowedOrigins: ['https://collect.example'], dev: false };
  it('encodes the loan id and overdue amount for an allowed https site', () => {
    const link = collectionsLink('https://collect.example/pay', { loan_id: 'LAN1', loan_amount: 1234.5 }, policy)!;
    expect(new URL(link).origin).toBe('https://collect.example');
    expect(JSON.parse(atob(new URL(link).searchParams.get('payload')!))).toEqual({
      loan_id: 'LAN1',
      loan_amount: 1234.5,
    });
  });
  it('refuses a site off the allow-list, plain http, and no site', () => {
    expect(collectionsLink('https://other.example/pay', { loan_id: 'x', loan_amount: 1 }, policy)).toBeNull();
    expect(collectionsLink('http://collect.example/pay', { loan_id: 'x', loan_amount: 1 }, policy)).toBeNull();
    expect(collectionsLink('', { loan_id: 'x', loan_amount: 1 }, policy)).toBeNull();
    expect(
      collectionsLink('http://127.0.0.1:4173/api/fake-collections', { loan_id: 'x', loan_amount: 1 }, policy),
    ).toBeNull();
    expect(
      collectionsLink(
        'http://127.0.0.1:4173/api/fake-collections',
        { loan_id: 'x', loan_amount: 1 },
        { ...policy, dev: true },
      ),
    ).not.toBeNull();
  });
  it('uses the mock’s collections page in development when none is configured', () => {
    const origin = 'http://127.0.0.1:5173';
    expect(collectionsBase('', { dev: true, apiBaseUrl: '/api', origin })).toBe(
      'http://127.0.0.1:5173/api/fake-collections',
    );
    expect(collectionsBase('', { dev: false, apiBaseUrl: '/api', origin })).toBe('');
    expect(collectionsBase('https://collect.example/pay', { dev: true, apiBaseUrl: '/api', origin })).toBe(
      'https://collect.example/pay',
    );
  });
});
