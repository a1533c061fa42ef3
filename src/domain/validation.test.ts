import { describe, expect, it } from 'vitest';
import { emailProblem, isEmailAddress, passwordPairProblems, PASSWORD_MISMATCH } from './validation';

const labels = { password: 'New Password', confirmation: 'Confirm Password' };

describe('the e-mail rule', () => {
  it('takes an address with a name, a domain and a dot, at most 255 characters', () => {
    expect(isEmailAddress('t1@anchor.test')).toBe(true);
    for (const bad of ['t1', 't1@anchor', '@anchor.test', 't 1@anchor.test', `${'a'.repeat(250)}@a.test`]) expect(isEmailAddress(bad)).toBe(false);
    expect(emailProblem('')).toBe('Email ID is required');
    expect(emailProblem('nope')).toBe('Enter a valid Email ID');
    expect(emailProblem(' t1@anchor.test ')).toBeUndefined();
  });
});

describe('a new password and its confirmation', () => {
  it('asks for both, at least 8 characters, and equal', () => {
    expect(passwordPairProblems('', '', labels)).toEqual({ password: 'New Password is required', password_confirmation: 'Confirm Password is required' });
    expect(passwordPairProblems('short', 'short', labels)).toEqual({ password: 'Password must be at least 8 characters.' });
    expect(passwordPairProblems('Secret@123', 'Secret@124', labels)).toEqual({ password_confirmation: PASSWORD_MISMATCH });
    expect(passwordPairProblems('Secret@123', 'Secret@123', labels)).toEqual({});
  });
});
