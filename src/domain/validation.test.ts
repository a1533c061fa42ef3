import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  hiddenCharacter,
  hiddenCharacterProblem,
  isEmailAddress,
  passwordPairProblems,
  PASSWORD_MISMATCH,
  replaceHidden,
} from './validation';

const labels = { password: 'New Password', confirmation: 'Confirm Password' };

describe('the e-mail rule', () => {
  it('takes an address with a name, a domain and a dot, at most 255 characters', () => {
    expect(isEmailAddress('t1@anchor.test')).toBe(true);
    for (const bad of ['t1', 't1@anchor', '@anchor.test', 't 1@anchor.test', `${'a'.repeat(250)}@a.test`])
      expect(isEmailAddress(bad)).toBe(false);
    expect(emailProblem('')).toBe('Email ID is required');
    expect(emailProblem('nope')).toBe('Enter a valid Email ID');
    expect(emailProblem(' t1@anchor.test ')).toBeUndefined();
  });

  it('refuses an address with an invisible or direction-changing character', () => {
    for (const bad of ['t1\u202E@anchor.test', 't1@anchor\u200B.test', '\u2066t1@anchor.test', 't1@anchor.test\u0085'])
      expect(isEmailAddress(bad)).toBe(false);
  });
});

const code = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Bidi embeddings, overrides, isolates and marks; C0, DEL and C1 controls; zero-width space, word joiner, BOM; separators. */
const REFUSED = [
  ...range(0x202a, 0x202e),
  ...range(0x2066, 0x2069),
  '\u200E',
  '\u200F',
  '\u061C',
  ...range(0x00, 0x1f),
  ...range(0x7f, 0x9f),
  '\u200B',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u2028',
  '\u2029',
];

/** Names as people write them: several scripts, apostrophes, hyphens, dots, and the joiners where spellings need them. */
const NAME_PARTS = [
  'Asha',
  "O'Brien",
  'D’Souza',
  'Zoë',
  'José-María',
  'Dr.',
  'अनुराग',
  'शर्मा',
  'क्\u200Dष',
  'محمد',
  'علي',
  'می\u200Cخواهم',
  'அருண்',
  'ഹരി',
  '李',
  'Ñúñez',
  '👩🏽\u200D💻',
];

describe('invisible and direction-changing characters', () => {
  it('finds each refused character wherever it stands, and names it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...NAME_PARTS), { maxLength: 4 }),
        fc.constantFrom(...REFUSED),
        fc.nat(),
        (parts, char, at) => {
          const chars = [...parts.join(' ')];
          chars.splice(at % (chars.length + 1), 0, char);
          expect(hiddenCharacter(chars.join(''))).toBe(code(char));
        },
      ),
    );
  });

  it('accepts names in any script, with apostrophes, hyphens and the joiners a spelling needs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...NAME_PARTS), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(' ', '-', '\u00A0'),
        (parts, separator) => {
          expect(hiddenCharacter(parts.join(separator))).toBeUndefined();
        },
      ),
    );
  });

  it('lets no accepted text hold a bidi control or a control character', () => {
    fc.assert(
      // Any character, the refused ones and the joiners often.
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            fc.constantFrom(...REFUSED, '\u200C', '\u200D'),
          ),
          maxLength: 12,
        }),
        (text) => {
          if (hiddenCharacter(text) === undefined) expect(text).not.toMatch(/[\p{Bidi_Control}\p{Cc}]/u);
        },
      ),
    );
  });

  it('takes a joiner after a letter, a mark or an emoji, not alone, first or doubled', () => {
    expect(hiddenCharacter('می\u200Cخواهم')).toBeUndefined();
    expect(hiddenCharacter('अवन्\u200D')).toBeUndefined();
    for (const bad of ['\u200D', '\u200C\u200C', 'a\u200D\u200D', 'a \u200Cb'])
      expect(hiddenCharacter(bad)).toMatch(/^U\+200[CD]$/);
  });

  it('replaces every character it would refuse, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
            fc.constantFrom(...REFUSED, '\u200C', '\u200D'),
          ),
          maxLength: 12,
        }),
        (text) => {
          for (const by of ['', '\uFFFD']) expect(hiddenCharacter(replaceHidden(text, by))).toBeUndefined();
          if (hiddenCharacter(text) === undefined) expect(replaceHidden(text, '\uFFFD')).toBe(text);
        },
      ),
    );
    expect(replaceHidden('in\u202Evoice\u0000.pdf', '')).toBe('invoice.pdf');
    expect(replaceHidden('می\u200Cخواهم \u200D', '\uFFFD')).toBe('می\u200Cخواهم \uFFFD');
  });

  it('says which field holds one, and which character it is', () => {
    expect(hiddenCharacterProblem('\u202Eevil', 'First name')).toBe(
      'First name contains an invisible or direction-changing character (U+202E)',
    );
    expect(hiddenCharacterProblem('🏴\u{E0067}\u{E0062}\u{E007F}', 'name')).toBe(
      'name contains an invisible or direction-changing character (U+E0067)',
    );
    expect(hiddenCharacterProblem("Ravi D'Souza", 'First name')).toBeUndefined();
  });
});

describe('a new password and its confirmation', () => {
  it('asks for both, at least 8 characters, and equal', () => {
    expect(passwordPairProblems('', '', labels)).toEqual({
      password: 'New Password is required',
      password_confirmation: 'Confirm Password is required',
    });
    expect(passwordPairProblems('short', 'short', labels)).toEqual({
      password: 'Password must be at least 8 characters.',
    });
    expect(passwordPairProblems('Secret@123', 'Secret@124', labels)).toEqual({
      password_confirmation: PASSWORD_MISMATCH,
    });
    expect(passwordPairProblems('Secret@123', 'Secret@123', labels)).toEqual({});
  });
});
