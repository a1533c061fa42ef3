import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * New passwords must not be easy to guess: zxcvbn-ts with its common-password dictionary (score 0 to 4) and
 * the user's own details as extra words. Score 2 and up passes ("somewhat guessable": safe against online
 * guessing, which the login limits slow down further); 'password', '12345678' and 'P@ssw0rd' score 0.
 * Loaded on first use: the dictionaries cost about 200 ms, which a mock that never sets a password skips.
 */
const MIN_PASSWORD_SCORE = 2;

let factory: Promise<ZxcvbnFactory> | null = null;

function strengthChecker(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return factory;
}

/** Why `password` is too easy to guess, as one message for the form; null when it is strong enough. */
export async function weakPasswordProblem(password: string, userWords: readonly string[] = []): Promise<string | null> {
  const checker = await strengthChecker();
  const words = userWords.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  const result = checker.check(password, ['anchor', 'portal', ...words]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = result.feedback.warning ? ` ${result.feedback.warning}` : '';
  const hint = result.feedback.suggestions[0] ?? 'Add more words that are less common.';
  return `This password is too easy to guess.${why} ${hint}`;
}
