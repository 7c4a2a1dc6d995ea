import { MSG } from '../messages';

/*
 * What a name shown to other players may not hold (docs/accounts.md#usernames): league names,
 * court names. Usernames are plain ASCII already (USERNAME_PATTERN).
 *
 * - Invisible and text-direction characters: every format character (\p{Cf}: bidi embeddings,
 *   overrides and isolates, LRM/RLM, zero-width space and joiners, word joiner, BOM, soft hyphen)
 *   and the fillers that render as blank (Hangul fillers, Braille blank, CGJ). An RTL override
 *   makes "Hoops‮gnp.exe" read backwards; zero-width characters make two names that look the same
 *   differ. One exception: a zero-width joiner between two emoji (a family, a flag sequence).
 * - No visible base: a name of only combining marks (and spaces) shows as floating accents.
 * - More than MAX_MARKS_PER_CHARACTER marks on one character ("zalgo" text) spills over the lines around it.
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;
const HIDDEN = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]|\u034F/u;
const VISIBLE_BASE = /[^\p{M}\p{Z}\p{C}\s]/u;
export const MAX_MARKS_PER_CHARACTER = 3;
const MARK_PILE = new RegExp(`\\p{M}{${MAX_MARKS_PER_CHARACTER + 1},}`, 'u');

/** The problem with a shown name's characters, in words naming `what` ("League name"), or null. */
export function displayNameCharactersProblem(name: string, what: string): string | null {
  if (HIDDEN.test(name.replace(EMOJI_JOINER, ''))) return MSG.nameHiddenCharacters(what);
  if (!VISIBLE_BASE.test(name)) return MSG.nameNeedsVisibleCharacter(what);
  if (MARK_PILE.test(name)) return MSG.nameTooManyMarks(what);
  return null;
}
