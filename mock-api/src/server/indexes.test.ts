/**
 * The fake backend's derived indexes (./indexes.ts): sorted lists, and indexes kept right across
 * browser tabs. Mirage and IndexedDB specific, so it lives beside the code, not in mock-api/test
 * (which also runs against api-server).
 */
import '../../test/support/fake-indexeddb';
import { tabsOn } from '../../test/support/tabs';
import { TEST_CREDENTIALS } from '../contract';
import { compareKeys, Indexes, indexOf, SortedList, type Key } from './indexes';

describe('SortedList', () => {
  const keyOf = (item: { k: number; id: string }): Key | null => (item.k > 0 ? [item.k, item.id] : null);

  it('keeps items in descending key order, moves an item whose key changed, leaves out items without a key', () => {
    const items = [1, 5, 3, 0, 4].map((k, i) => ({ k, id: `i${i}` }));
    const list = new SortedList(keyOf);
    list.build(items);
    expect(list.toArray().map((x) => x.k)).toEqual([5, 4, 3, 1]);
    items[0]!.k = 6;
    list.sync(items[0]!);
    items[2]!.k = 0;
    list.sync(items[2]!);
    items[3]!.k = 2;
    list.sync(items[3]!);
    expect(list.toArray().map((x) => x.k)).toEqual([6, 5, 4, 2]);
    list.remove(items[1]!);
    expect(list.toArray().map((x) => x.id)).toEqual(['i0', 'i4', 'i3']);
  });

  it('after(key) is the first item strictly after the key, whether or not an item has it', () => {
    const list = new SortedList(keyOf);
    list.build([3, 2, 1].map((k) => ({ k, id: 'x' })));
    expect(list.after(null)).toBe(0);
    expect(list.after([2, 'x'])).toBe(2);
    expect(list.after([2, 'w'])).toBe(2);
    expect(list.after([2, 'y'])).toBe(1);
    expect(list.after([0, 'x'])).toBe(3);
    expect(compareKeys([2, 'b'], [2, 'a'])).toBeLessThan(0);
  });
});

describe('indexes across tabs', () => {
  const openTab = tabsOn('indexes-test');

  it("another tab's writes reach this tab's built indexes record by record", async () => {
    const a = await openTab();
    const b = await openTab();
    const adarsh = await a.login(1);
    // Tab A's indexes are built by its first requests.
    expect(indexOf(a.backend.db).postsById.size).toBeGreaterThan(0);
    const meera = await b.login(2);
    await b.call('post /posts', {}, { postData: { content: 'From tab B', pic: '' } }, meera);
    await b.call('post /posts/like/:postId', { postId: 'p11-chess' }, {}, meera);
    await b.call('post /comments/add/:postId', { postId: 'p01-sunrise' }, { commentData: { content: 'Hi' } }, meera);
    await b.call('post /auth/signup', {}, { username: 'tab-b@x.dev', password: 'tabspass1', firstName: 'Tab', lastName: 'B' });
    const mine = (await b.posts()).posts.find((p) => p.content === 'From tab B')!;
    await b.call('delete /posts/:postId', { postId: mine._id }, {}, meera);
    // Tab A catches up on its next request, and its indexes equal fresh ones.
    await a.call('post /posts/like/:postId', { postId: 'p01-sunrise' }, {}, adarsh);
    expect(indexOf(a.backend.db).describe()).toEqual(new Indexes(a.backend.db).describe());
    expect(indexOf(a.backend.db).postsById.has(mine._id)).toBe(false);
    expect([...indexOf(a.backend.db).usersByHandle.keys()]).toContain('tab-b');
  });

  it('a deleted account leaves both tabs’ indexes equal to fresh ones, without the member or anything of theirs', async () => {
    const a = await openTab();
    const b = await openTab();
    const adarsh = await a.login(1);
    expect(indexOf(a.backend.db).usersById.has('u3-kabir')).toBe(true);
    const kabir = await b.login(3);
    await b.call('post /posts/like/:postId', { postId: 'p01-sunrise' }, {}, kabir);
    const answer = await b.call('post /v2/me/delete', {}, { password: TEST_CREDENTIALS[2]!.password }, kabir);
    expect(answer.status).toBe(200);
    expect(indexOf(b.backend.db).describe()).toEqual(new Indexes(b.backend.db).describe());
    // Tab A catches up on its next request.
    await a.call('post /posts/like/:postId', { postId: 'p11-chess' }, {}, adarsh);
    const indexes = indexOf(a.backend.db);
    expect(indexes.describe()).toEqual(new Indexes(a.backend.db).describe());
    expect(indexes.usersById.has('u3-kabir')).toBe(false);
    expect([...indexes.postsById.values()].filter((post) => post.userId === 'u3-kabir')).toEqual([]);
    expect(JSON.stringify(indexes.describe())).not.toContain('u3-kabir');
  });

  it("a tag's list follows creates, edits and deletes, as a fresh build has it", async () => {
    const a = await openTab();
    const meera = await a.login(2);
    expect(indexOf(a.backend.db).postsById.size).toBeGreaterThan(0);
    await a.call('post /posts', {}, { postData: { content: 'One #Tea', pic: '' } }, meera);
    await a.call('post /posts', {}, { postData: { content: 'Two #tea #cake', pic: '' } }, meera);
    const mine = (await a.posts()).posts;
    const one = mine.find((p) => p.content === 'One #Tea')!;
    const two = mine.find((p) => p.content === 'Two #tea #cake')!;
    expect(indexOf(a.backend.db).describe().tags).toEqual([
      ['cake', [two._id]],
      ['tea', expect.arrayContaining([one._id, two._id])],
    ]);
    await a.call('post /posts/edit/:postId', { postId: one._id }, { postData: { content: 'One, #cake now', pic: '' } }, meera);
    await a.call('delete /posts/:postId', { postId: two._id }, {}, meera);
    const kept = indexOf(a.backend.db).describe();
    expect(kept).toEqual(new Indexes(a.backend.db).describe());
    expect(kept.tags).toEqual([['cake', [one._id]]]);
  });
});
