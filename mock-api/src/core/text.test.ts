/** The text tokenizer (./text.ts): what is a tag, a mention, an address, and what stays plain text. */
import { normaliseTag, tagsOf, TAG_MAX_LENGTH, tokenize, type TextToken } from './text';

const tag = (text: string, normalised: string): TextToken => ({ kind: 'tag', text, tag: normalised });
const plain = (text: string): TextToken => ({ kind: 'text', text });

describe('tokenize', () => {
  it.each([
    ['#orbit', [tag('#orbit', 'orbit')]],
    ['Hello #Orbit!', [plain('Hello '), tag('#Orbit', 'orbit'), plain('!')]],
    ['#a_1', [tag('#a_1', 'a_1')]],
    ['#x.', [tag('#x', 'x'), plain('.')]],
    ['(#x), #y; #z?', [plain('('), tag('#x', 'x'), plain('), '), tag('#y', 'y'), plain('; '), tag('#z', 'z'), plain('?')]],
    ['#x-y', [tag('#x', 'x'), plain('-y')]],
    ['#2024goals', [tag('#2024goals', '2024goals')]],
    ['line\n#tag', [plain('line\n'), tag('#tag', 'tag')]],
    ['#Café', [tag('#Café', 'café')]],
    ['#日本', [tag('#日本', '日本')]],
    ['#ΑΘΗΝΑ', [tag('#ΑΘΗΝΑ', 'αθηνα')]],
  ])('%j has a tag', (text, tokens) => {
    expect(tokenize(text)).toEqual(tokens);
  });

  it.each([
    ['#1', 'digits only'],
    ['#2024', 'digits only'],
    ['#_', 'no letter'],
    ['#__1', 'no letter'],
    ['#', 'nothing after #'],
    ['# orbit', 'a space after #'],
    ['##x', '# after #'],
    ['a#b', '# after a letter'],
    ['1#b', '# after a digit'],
    ['&#39;', 'a character reference'],
    ['path/#x', '# after /'],
    ['#-x', 'not a letter, digit or _ after #'],
  ])('%j is plain text (%s)', (text) => {
    expect(tokenize(text)).toEqual([plain(text)]);
  });

  it(`a tag is at most ${TAG_MAX_LENGTH} characters; a longer run is plain text`, () => {
    const longest = 'a'.repeat(TAG_MAX_LENGTH);
    expect(tokenize(`#${longest}`)).toEqual([tag(`#${longest}`, longest)]);
    expect(tokenize(`#${longest}a and #b`)).toEqual([plain(`#${longest}a and `), tag('#b', 'b')]);
    // Counted in characters, not UTF-16 units.
    const wide = '𝒜'.repeat(TAG_MAX_LENGTH);
    expect(tokenize(`#${wide}`)).toEqual([tag(`#${wide}`, wide)]);
  });

  it('a web address is read whole: its #fragment is not a tag; punctuation after it is text', () => {
    expect(tokenize('See https://example.com/page#top, or #docs')).toEqual([
      plain('See '),
      { kind: 'url', text: 'https://example.com/page#top' },
      plain(', or '),
      tag('#docs', 'docs'),
    ]);
    expect(tokenize('www.example.com/#x.')).toEqual([{ kind: 'url', text: 'www.example.com/#x' }, plain('.')]);
  });

  it('a web address is one in any case: HTTPS://, Http://, WWW.', () => {
    expect(tokenize('HTTPS://Example.com/A #b Http://x.dev WWW.x.dev')).toEqual([
      { kind: 'url', text: 'HTTPS://Example.com/A' },
      plain(' '),
      tag('#b', 'b'),
      plain(' '),
      { kind: 'url', text: 'Http://x.dev' },
      plain(' '),
      { kind: 'url', text: 'WWW.x.dev' },
    ]);
  });

  it('mentions: @handle after a space or at the start, never inside an e-mail address', () => {
    expect(tokenize('Hi @ada.l, mail ada@x.dev')).toEqual([
      plain('Hi '),
      { kind: 'mention', text: '@ada.l', handle: 'ada.l' },
      plain(', mail ada@x.dev'),
    ]);
    expect(tokenize('@Meera #tea')).toEqual([{ kind: 'mention', text: '@Meera', handle: 'Meera' }, plain(' '), tag('#tea', 'tea')]);
    expect(tokenize('@@x @')).toEqual([plain('@@x @')]);
  });

  it('gives the text back exactly when its tokens are joined', () => {
    const text = 'A #Tag, a@b.c @me https://x.dev/#y. #1 ##z &#38; end';
    expect(
      tokenize(text)
        .map((t) => t.text)
        .join(''),
    ).toBe(text);
    expect(tokenize('')).toEqual([]);
  });
});

describe('normaliseTag', () => {
  it('lower case and NFC: the same tag however it is written', () => {
    const decomposed = 'Cafe\u0301';
    expect(normaliseTag(decomposed)).toBe('café');
    expect(normaliseTag('CAFÉ')).toBe('café');
    expect(normaliseTag('café')).toBe(normaliseTag(decomposed));
  });

  it.each(['', '1', '_', 'a b', '#a', 'a-b', 'a'.repeat(TAG_MAX_LENGTH + 1)])('%j is not a tag', (raw) => {
    expect(normaliseTag(raw)).toBeNull();
  });
});

describe('tagsOf', () => {
  it('each tag once, normalised, in the order it first appears', () => {
    expect(tagsOf('#B then #a then #b and #A, #1')).toEqual(['b', 'a']);
    expect(tagsOf('no tags here')).toEqual([]);
  });
});
