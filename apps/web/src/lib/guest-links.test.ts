import { describe, expect, it } from 'vitest';
import { currentPackId, loginPath, memberLink } from './guest-links.ts';

describe('currentPackId', () => {
  it('reads a digits-only packId from the query', () => {
    expect(currentPackId('?packId=12')).toBe('12');
    expect(currentPackId('packId=7&buyCount=3')).toBe('7');
    expect(currentPackId(new URLSearchParams({ packId: '9' }))).toBe('9');
  });

  it('ignores a missing, empty or malformed packId', () => {
    expect(currentPackId('')).toBeNull();
    expect(currentPackId('?index=2')).toBeNull();
    expect(currentPackId('?packId=')).toBeNull();
    expect(currentPackId('?packId=abc')).toBeNull();
    expect(currentPackId('?packId=12abc')).toBeNull();
    expect(currentPackId('?packId=-3')).toBeNull();
    expect(currentPackId('?packId=1.5')).toBeNull();
    expect(currentPackId('?packId=%201')).toBeNull();
    expect(currentPackId('?packId=0')).toBeNull();
    expect(currentPackId('?packId=12345678901')).toBeNull();
  });

  it('is case sensitive, like the login page', () => {
    expect(currentPackId('?packid=5')).toBeNull();
    expect(currentPackId('?PackId=5')).toBeNull();
  });
});

describe('loginPath', () => {
  it('keeps a valid packId', () => {
    expect(loginPath('?packId=3')).toBe('/login?packId=3');
    expect(loginPath('?mode=1&packId=42')).toBe('/login?packId=42');
  });

  it('drops anything else', () => {
    expect(loginPath('')).toBe('/login');
    expect(loginPath('?packId=x')).toBe('/login');
    expect(loginPath('?code=SPRING&next=/my-page')).toBe('/login');
    expect(loginPath('?packId=%3Cscript%3E')).toBe('/login');
  });
});

describe('memberLink', () => {
  it('sends a guest to login with the packId of the current page', () => {
    expect(memberLink('/my-page', true, '?packId=5')).toBe('/login?packId=5');
    expect(memberLink('/buy-point', true, '?packId=5')).toBe('/login?packId=5');
    expect(memberLink('/buy-product-history', true, '')).toBe('/login');
  });

  it('leaves the link alone for a member or while the user is loading', () => {
    expect(memberLink('/my-page', false, '?packId=5')).toBe('/my-page');
    expect(memberLink('/buy-point-history', false, '')).toBe('/buy-point-history');
  });
});
