import { describe, expect, it } from 'vitest';
import { collectionsLink, isAllowedGatewayUrl } from './redirects';

describe('gateway allow-list', () => {
  const allowed = ['https://secure.ccavenue.com'];
  it('follows only allowed https origins in production', () => {
    expect(isAllowedGatewayUrl('https://secure.ccavenue.com/pay?x=1', allowed, { dev: false })).toBe(true);
    expect(isAllowedGatewayUrl('http://secure.ccavenue.com/pay', allowed, { dev: false })).toBe(false);
    expect(isAllowedGatewayUrl('https://evil.example/pay', allowed, { dev: false })).toBe(false);
    expect(isAllowedGatewayUrl('https://user:pw@secure.ccavenue.com/', allowed, { dev: false })).toBe(false);
    expect(isAllowedGatewayUrl('javascript:alert(1)', allowed, { dev: false })).toBe(false);
    expect(isAllowedGatewayUrl('http://127.0.0.1:3001/fake-gateway/1', allowed, { dev: false })).toBe(false);
  });
  it('allows the mock’s own fake gateway in development', () => {
    expect(isAllowedGatewayUrl('http://127.0.0.1:3001/fake-gateway/1', allowed, { dev: true })).toBe(true);
    expect(isAllowedGatewayUrl('https://evil.example/pay', allowed, { dev: true })).toBe(false);
  });
});

describe('collections link', () => {
  it('encodes the loan id and overdue amount, and refuses non-https targets', () => {
    const link = collectionsLink('https://collect.example/pay', { loan_id: 'LAN1', loan_amount: 1234.5 })!;
    expect(JSON.parse(atob(new URL(link).searchParams.get('payload')!))).toEqual({ loan_id: 'LAN1', loan_amount: 1234.5 });
    expect(collectionsLink('http://collect.example/pay', { loan_id: 'x', loan_amount: 1 })).toBeNull();
    expect(collectionsLink('', { loan_id: 'x', loan_amount: 1 })).toBeNull();
  });
});
