/**
 * v2 post search: GET /v2/search/posts?q=. Every expected answer is the search's rules
 * (src/core/search.ts) applied to every post the spec's API holds, in a plain scan and sort, so
 * the same answers, order included, are asked of both backends: on the seed, and on 1,000
 * generated posts.
 */
import type { Post, User } from '../../src/contract';
import { POST_SEARCH_LIMITS, V2_ERRORS, type PostV2 } from '../../src/contract-v2';
import { parsePostSearch, searchWordsOf } from '../../src/core/search';
import { tagsOf } from '../../src/core/text';
import { anonymous, raw, signIn, withTestServer, type Session } from '../helpers';
import { allPages, base64url, ids, v1World } from './support';

withTestServer();
jest.setTimeout(240_000);

const time = (iso: string) => Date.parse(iso);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The search's answer by its rules: every post scanned, matched, scored and sorted. */
function expected(posts: readonly Post[], users: readonly User[], q: string, hidden: ReadonlySet<string> = new Set()): string[] {
  const search = parsePostSearch(q);
  const author = search.from === null ? null : (users.find((u) => u.userHandler.toLowerCase() === search.from)?._id ?? '');
  return posts
    .map((post) => ({ post, words: searchWordsOf(post.content) }))
    .filter(
      ({ post, words }) =>
        search.words.every((w) => words.some((word) => word.startsWith(w))) &&
        search.tags.every((tag) => tagsOf(post.content).includes(tag)) &&
        (author === null || post.userId === author) &&
        !hidden.has(post.userId),
    )
    .map(({ post, words }) => ({ post, score: search.words.filter((w) => words.includes(w)).length }))
    .sort((a, b) => b.score - a.score || time(b.post.createdAt) - time(a.post.createdAt) || byText(b.post._id, a.post._id))
    .map(({ post }) => post._id);
}

/** Every page of a search. */
async function searched(q: string, { limit = 20, session }: { limit?: number; session?: Session } = {}): Promise<string[]> {
  const api = session ? session.api : anonymous();
  const { items } = await allPages(
    (cursor) => api.v2.search.posts(q, { limit, cursor }),
    (p) => p.posts,
    limit,
  );
  return ids(items);
}

/** Queries made of the posts' own words: the commonest, a rare one, a prefix, two words of one post, other cases and accents. */
function queriesFrom(posts: readonly Post[]): string[] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const word of searchWordsOf(post.content)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const byCount = [...counts].filter(([w]) => w.length >= 3).sort((a, b) => b[1] - a[1] || byText(a[0], b[0]));
  const common = byCount[0]![0];
  const rare = byCount[byCount.length - 1]![0];
  const second = searchWordsOf(posts[posts.length - 1]!.content).filter((w) => w.length >= 3);
  const tag = posts.flatMap((p) => tagsOf(p.content))[0];
  return [
    common,
    common.toUpperCase(),
    rare,
    common.slice(0, 3),
    second.slice(0, 2).join(' '),
    `${common} ${rare}`,
    ...(tag ? [`#${tag}`, `#${tag} ${common.slice(0, 2)}`] : []),
    `from:@${'placeholder'}`,
  ];
}

describe('GET /v2/search/posts on the seed', () => {
  it('answers what the rules give, order included, for words, prefixes, several words, tags and authors', async () => {
    const { posts, users } = await v1World();
    const queries = queriesFrom(posts).map((q) => q.replace('@placeholder', `@${users[0]!.userHandler.toUpperCase()}`));
    for (const q of queries) {
      const want = expected(posts, users, q);
      expect([q, await searched(q, { limit: 3 })]).toEqual([q, want]);
    }
    // The queries found something: the test checks orders, not only empty answers.
    expect(queries.filter((q) => expected(posts, users, q).length > 1).length).toBeGreaterThan(3);
  });
});

describe('GET /v2/search/posts: the rules', () => {
  const write = async (session: Session, content: string): Promise<PostV2> =>
    (await session.api.v2.posts.create({ content, pic: '' })).post;
  /** The search's answer, checked against the rules on every post now; the ids, sorted, to assert which posts it holds. */
  const check = async (q: string, session?: Session, hidden: ReadonlySet<string> = new Set()): Promise<string[]> => {
    const { posts, users } = await v1World();
    const got = await searched(q, { limit: 2, session });
    expect([q, got]).toEqual([q, expected(posts, users, q, hidden)]);
    return [...got].sort();
  };
  const sorted = (...posts: PostV2[]) => ids(posts).sort();

  it('every word must match, as a word or the start of one, whatever the case and accents; whole words rank first, then newest', async () => {
    const ada = await signIn(1);
    const meera = await signIn(2);
    const a = await write(ada, 'Crème brûlée at the Café tonight');
    const b = await write(meera, 'CAFE\u0301 society: the creme of the crop');
    const c = await write(ada, 'Cafeteria food, no creme');
    const d = await write(meera, 'Tea only, thanks');
    expect(await check('café crème')).toEqual(sorted(a, b, c));
    expect(await check('CAFE')).toEqual(sorted(a, b, c));
    expect(await check('cafet')).toEqual(sorted(c));
    expect(await check('brulee')).toEqual(sorted(a));
    expect(await check('tea cafe')).toEqual([]);
    expect(await check('thanks')).toEqual(sorted(d));
    // "cafe" is a whole word of a and b, only the start of "cafeteria" in c: c comes last although newest.
    expect((await searched('cafe')).slice(-1)).toEqual([c._id]);
  });

  it('from:@handle narrows to one author (any case, with or without @); an unknown handle finds nothing', async () => {
    const ada = await signIn(1);
    const meera = await signIn(2);
    const mine = await write(ada, 'Zucchini bread recipe');
    await write(meera, 'Zucchini soup recipe');
    expect(await check(`zucchini from:@${ada.user.userHandler.toUpperCase()}`)).toEqual(sorted(mine));
    expect(await check(`from:${ada.user.userHandler} zucchini`)).toEqual(sorted(mine));
    expect(await searched('zucchini from:@nobody_has_this_handle')).toEqual([]);
    expect((await check(`from:@${meera.user.userHandler}`)).length).toBeGreaterThan(1);
  });

  it('#tag narrows to posts with the tag (not the word elsewhere); several tags need all', async () => {
    const ada = await signIn(1);
    const tagged = await write(ada, 'Planting beans #Garden #spring');
    const both = await write(ada, 'More beans #garden');
    await write(ada, 'garden beans without a tag');
    expect(await check('#garden beans')).toEqual(sorted(tagged, both));
    expect(await check('#GARDEN #spring')).toEqual(sorted(tagged));
    expect(await check('#garden #nothere')).toEqual([]);
  });

  it('leaves out what safety hides from the viewer, deleted posts, and follows edits', async () => {
    const ada = await signIn(1);
    const meera = await signIn(2);
    const kabir = await signIn(3);
    const m = await write(meera, 'Quokka spotted on the trail');
    const k = await write(kabir, 'Another quokka, very friendly');
    const gone = await write(ada, 'Quokka selfie');
    await ada.api.v2.posts.remove(gone._id);
    expect(await check('quokka')).toEqual(sorted(m, k));
    await ada.api.v2.members.block(meera.user._id);
    await ada.api.v2.members.mute(kabir.user._id, 0);
    expect(await check('quokka', ada, new Set([meera.user._id, kabir.user._id]))).toEqual([]);
    // Blocked the other way: Meera no longer sees Ada's posts either.
    const mine = await write(ada, 'My own quokka story');
    expect(await check('quokka', meera, new Set([ada.user._id]))).toEqual(sorted(m, k));
    expect(await check('quokka', kabir)).toEqual(sorted(m, k, mine));
    await kabir.api.v2.posts.edit(k._id, { content: 'Another wallaby, very friendly', pic: '' });
    expect(await check('quokka')).toEqual(sorted(m, mine));
    expect(await check('wallaby')).toEqual(sorted(k));
  });

  it('with a token, posts carry the viewer fields, as in every list', async () => {
    const ada = await signIn(1);
    const post = await write(ada, 'Bookmark this axolotl');
    await ada.api.v2.posts.bookmark(post._id);
    const page = await ada.api.v2.search.posts('axolotl');
    expect(page.posts.map((p) => [p._id, p.viewer])).toEqual([[post._id, { reaction: null, bookmarked: true, reposted: false }]]);
    expect((await anonymous().v2.search.posts('axolotl')).posts[0]).not.toHaveProperty('viewer');
  });

  it.each([
    ['no q', '', V2_ERRORS.emptySearch],
    ['a blank q', '?q=%20%20', V2_ERRORS.emptySearch],
    ['nothing searchable', `?q=${encodeURIComponent('!!! ...')}`, V2_ERRORS.searchNothing],
    ['a q too long', `?q=${'a'.repeat(POST_SEARCH_LIMITS.query + 1)}`, V2_ERRORS.searchTooLong],
    [
      'too many words',
      `?q=${Array.from({ length: POST_SEARCH_LIMITS.words + 1 }, (_, i) => `w${i}`).join('%20')}`,
      V2_ERRORS.searchTooManyWords,
    ],
    ['a bad limit', '?q=tea&limit=0', V2_ERRORS.badLimit],
    ['a bad cursor', '?q=tea&cursor=***', V2_ERRORS.badCursor],
    ["another list's cursor", `?q=tea&cursor=${base64url('["T","2026-01-01T00:00:00Z","x"]')}`, V2_ERRORS.badCursor],
  ])('%s answers 400 with its message', async (_what, query, message) => {
    expect(await raw('GET', `/v2/search/posts${query}`)).toMatchObject({ status: 400, json: { errors: [message] } });
  });
});

// ---- 1,000 generated posts ----

/** A fixed pseudo-random sequence: the same posts on every run and both backends. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOCABULARY = [
  'garden',
  'gardening',
  'Gardener',
  'café',
  'CAFE',
  'cafeteria',
  'naïve',
  'naive',
  'résumé',
  'resume',
  'coffee',
  'tea',
  'trail',
  'trailhead',
  'sunrise',
  'Sunset',
  'river',
  'riverbank',
  'bread',
  'breadcrumbs',
  'zebra',
  'über',
  'uber',
  'Ærø',
  'straße',
  'jalapeño',
  'piñata',
  'x2',
  'v8',
  '2026',
  'north',
  'northern',
  'квас',
  'Квасцы',
  '東京',
  '#garden',
  '#Café',
  '#trail',
];

describe('GET /v2/search/posts on 1,000 generated posts', () => {
  it('answers what the rules give, order included', async () => {
    const sessions = await Promise.all(([1, 2, 3, 4] as const).map((n) => signIn(n)));
    const random = prng(55);
    const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
    for (let i = 0; i < 1000; i += 1) {
      const words = Array.from({ length: 2 + Math.floor(random() * 6) }, pick);
      await sessions[i % 4]!.api.v2.posts.create({ content: `${words.join(' ')} ${i}`, pic: '' });
    }
    const { posts, users } = await v1World();
    expect(posts.length).toBeGreaterThanOrEqual(1000);
    for (const q of [
      'garden',
      'gard',
      'cafe',
      'CAFÉ tea',
      'naive',
      'resume coffee',
      'uber',
      'strasse',
      'straße',
      'квас',
      '東京',
      'x2',
      '20',
      '#garden',
      '#café river',
      `trail from:@${users[1]!.userHandler}`,
      'zebra sunrise bread',
    ]) {
      expect([q, await searched(q, { limit: 50 })]).toEqual([q, expected(posts, users, q)]);
    }
    // And in small pages, with a viewer who hides someone.
    await sessions[0]!.api.v2.members.mute(sessions[2]!.user._id, 0);
    const hidden = new Set([sessions[2]!.user._id]);
    for (const q of ['garden', 'trail sun'])
      expect([q, await searched(q, { limit: 7, session: sessions[0] })]).toEqual([q, expected(posts, users, q, hidden)]);
  });
});
