/**
 * IndexedDB specific (fake-indexeddb): pictures are stored once each, as Blobs in their own
 * store; posts and members keep a reference and answers show an object URL, as in a browser
 * (jsdom has no URL.createObjectURL: these tests give it one that records each Blob).
 */
import './support/fake-indexeddb';
import { tabsOn } from './support/tabs';
import { openDB } from 'idb';
import { SERVER_ERRORS, TEST_CREDENTIALS, type Post, type User } from '../src/contract';
import { XHR_IMAGES_MESSAGE } from '../src/server/image-response';
import { IMAGE_NOT_FOUND, imageIdOf } from '../src/core/images';
import { makeServer, serverReady } from '../src/server';
import { INPUT_MESSAGES } from '../src/core/validate';
import { signIn } from './helpers';
import { createSeedDb } from '../src/server/seed';
import { DEFAULT_AVATAR } from '../src/server/seed/images';

const NAME = 'images-test';

// ---- Object URLs as a browser makes them: one per call, naming the Blob ----
const objectUrls = new Map<string, Blob>();
let nextUrl = 0;
const realCreate = (URL as { createObjectURL?: unknown }).createObjectURL;
beforeAll(() => {
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      nextUrl += 1;
      const url = `blob:http://localhost/object-${nextUrl}`;
      objectUrls.set(url, blob);
      return url;
    },
  });
});
afterAll(() => {
  Object.assign(URL, { createObjectURL: realCreate });
});

const openTab = tabsOn(NAME);

function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A JPEG-sized photo: JPEG's start-of-image marker, then `size` bytes that differ for every `n`. */
function photo(n: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = (n + 1) * 2654435761;
  for (let i = 0; i < size; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}
const dataUrl = (bytes: Uint8Array, type = 'image/jpeg') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** The bytes an answered picture URL shows (an object URL this page made). */
async function shown(url: string): Promise<{ type: string; bytes: Uint8Array }> {
  const blob = objectUrls.get(url);
  if (!blob) throw new Error(`${url.slice(0, 60)} is not an object URL of this page`);
  return { type: blob.type, bytes: await blobBytes(blob) };
}

async function storedImages() {
  const idb = await openDB(NAME);
  try {
    return {
      images: (await idb.getAll('images')) as { id: string; type: string; size: number; blob?: Blob }[],
      posts: (await idb.getAll('posts')) as { data: { _id: string; pic: string } }[],
    };
  } finally {
    idb.close();
  }
}

it('keeps 200 photos of a few hundred KB: stored once each as Blobs, answers stay small, all there after a reload', async () => {
  const started = Date.now();
  const tab = await openTab();
  const token = await tab.login(1);
  const COUNT = 200;
  const SIZE = 300 * 1024;
  const ids: string[] = [];
  let lastAnswer = '';
  for (let n = 0; n < COUNT; n += 1) {
    const bytes = photo(n, SIZE);
    const created = await tab.call<{ posts: Post[] }>(
      'post /posts',
      {},
      { postData: { content: `Photo ${n}`, pic: dataUrl(bytes) } },
      token,
    );
    expect(created.status).toBe(201);
    ids.push(imageIdOf({ contentType: 'image/jpeg', bytes }));
    lastAnswer = created.text;
  }
  // The answer to the 200th post names every post and no image bytes.
  expect(lastAnswer).not.toContain('data:image/jpeg');
  expect(lastAnswer.length).toBeLessThan(150_000);

  const stored = await storedImages();
  const photos = stored.images.filter((image) => image.type === 'image/jpeg');
  expect(photos.map((image) => image.id).sort()).toEqual([...ids].sort());
  expect(photos.every((image) => image.blob instanceof Blob && image.size === SIZE)).toBe(true);
  expect(stored.posts.filter((p) => p.data.pic.startsWith('data:'))).toEqual([]);

  // A reload: a new page, its own object URLs from the stored Blobs.
  tab.backend.close();
  const reloaded = await openTab();
  const { posts, text } = await reloaded.posts();
  expect(text.length).toBeLessThan(150_000);
  const photoPosts = posts.filter((p) => p.content.startsWith('Photo '));
  expect(photoPosts).toHaveLength(COUNT);
  for (const post of photoPosts) {
    const n = Number(post.content.slice('Photo '.length));
    const picture = await shown(post.pic);
    expect(picture.type).toBe('image/jpeg');
    expect(Buffer.from(picture.bytes).equals(Buffer.from(photo(n, SIZE)))).toBe(true);
  }
  // How long 200 uploads, a reload and reading every photo back take here (reported, not asserted).
  console.info(`200 photos of 300 KB stored, reloaded and read back in ${Date.now() - started} ms`);
}, 120_000);

it('one image, one copy: the same photo in two posts is stored once, and an object URL is made once per page', async () => {
  const tab = await openTab();
  const token = await tab.login(1);
  const pic = dataUrl(photo(1, 2048));
  await tab.call('post /posts', {}, { postData: { content: 'First', pic } }, token);
  await tab.call('post /posts', {}, { postData: { content: 'Second', pic } }, token);
  const { posts } = await tab.posts();
  const [first, second] = ['First', 'Second'].map((content) => posts.find((p) => p.content === content)!);
  expect(first!.pic).toMatch(/^blob:/);
  expect(second!.pic).toBe(first!.pic);
  expect((await storedImages()).images.filter((image) => image.type === 'image/jpeg')).toHaveLength(1);
});

it('an edit that sends back the picture it was shown keeps it; an object URL this page did not make is refused', async () => {
  const tab = await openTab();
  const token = await tab.login(1);
  const bytes = photo(2, 4096);
  await tab.call('post /posts', {}, { postData: { content: 'Mine', pic: dataUrl(bytes) } }, token);
  const mine = (await tab.posts()).posts.find((p) => p.content === 'Mine')!;
  const edited = await tab.call<{ posts: Post[] }>(
    'post /posts/edit/:postId',
    { postId: mine._id },
    { postData: { content: 'Mine, edited', pic: mine.pic } },
    token,
  );
  expect(edited.status).toBe(201);
  const after = edited.body.posts.find((p) => p._id === mine._id)!;
  expect(after.pic).toBe(mine.pic);
  expect(Buffer.from((await shown(after.pic)).bytes).equals(Buffer.from(bytes))).toBe(true);

  const foreign = await tab.call(
    'post /posts/edit/:postId',
    { postId: mine._id },
    { postData: { content: 'x', pic: 'blob:http://localhost/not-ours' } },
    token,
  );
  expect(foreign).toMatchObject({ status: 400, body: { errors: [INPUT_MESSAGES.imageType] } });
  // The profile picture too: the avatar as shown comes back unchanged.
  const me = (await tab.call<{ users: User[] }>('get /users')).body.users.find((u) => u.username === TEST_CREDENTIALS[0]!.username)!;
  const profile = await tab.call<{ user: User }>('post /users/edit', {}, { userData: { pic: me.pic, bio: 'Same face' } }, token);
  expect(profile.body.user.pic).toBe(me.pic);
});

it('refuses bytes that are not what the type says, as api-server does', async () => {
  const tab = await openTab();
  const token = await tab.login(1);
  const page = `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`;
  const answer = await tab.call('post /posts', {}, { postData: { content: 'Not a picture', pic: page } }, token);
  expect(answer).toMatchObject({ status: 400, body: { errors: [INPUT_MESSAGES.imageType] } });
  expect((await storedImages()).images.some((image) => image.type === 'image/png')).toBe(false);
});

it("a member's SVG is answered as a data: URL, never as an object URL of this site; the seed's drawings are object URLs", async () => {
  const tab = await openTab();
  const token = await tab.login(1);
  const svg = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`;
  await tab.call('post /posts', {}, { postData: { content: 'Vector', pic: svg } }, token);
  const { posts } = await tab.posts();
  expect(posts.find((p) => p.content === 'Vector')!.pic).toBe(svg);
  const users = (await tab.call<{ users: User[] }>('get /users')).body.users;
  expect(users.every((u) => u.pic.startsWith('blob:'))).toBe(true);
});

it('GET /api/images/<id> answers the bytes with their type, as api-server does (fetch, before pretender); an unknown id is a 404', async () => {
  const server = makeServer({ environment: 'test', persist: true, storageName: NAME });
  try {
    await serverReady(server);
    const { api } = await signIn(1);
    const bytes = photo(3, 1000);
    await api.posts.create({ content: 'Served', pic: dataUrl(bytes), userId: '' });
    const id = imageIdOf({ contentType: 'image/jpeg', bytes });
    const served = await fetch(`/api/images/${id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await blobBytes(await served.blob())).equals(Buffer.from(bytes))).toBe(true);
    const missing = await fetch(`/api/images/${'0'.repeat(64)}`);
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 404, body: { errors: [IMAGE_NOT_FOUND] } });
    // A Request object, and HEAD (the GET's status and headers, no body).
    const asRequest = await fetch(new Request(`/api/images/${id}`));
    expect(Buffer.from(await blobBytes(await asRequest.blob())).equals(Buffer.from(bytes))).toBe(true);
    const head = await fetch(`/api/images/${id}`, { method: 'HEAD' });
    expect({ status: head.status, type: head.headers.get('content-type'), body: await head.text() }).toEqual({
      status: 200,
      type: 'image/jpeg',
      body: '',
    });
    // XMLHttpRequest (pretender's, text only) cannot carry the bytes: it is told so instead of a 200 with broken bytes.
    const xhr = new XMLHttpRequest();
    const loaded = new Promise((resolve) => xhr.addEventListener('loadend', resolve));
    xhr.open('GET', `/api/images/${id}`);
    xhr.send();
    await loaded;
    expect({ status: xhr.status, body: JSON.parse(xhr.responseText) }).toEqual({ status: 501, body: { errors: [XHR_IMAGES_MESSAGE] } });
  } finally {
    server.shutdown();
  }
});

it('a backend started again (a page on the in-page backend, reloaded) shows a stored photo with its own object URL', async () => {
  const a = await openTab();
  const token = await a.login(1);
  const bytes = photo(4, 8192);
  await a.call('post /posts', {}, { postData: { content: 'From tab A', pic: dataUrl(bytes) } }, token);
  const inA = (await a.posts()).posts.find((p) => p.content === 'From tab A')!;
  const b = await openTab();
  const inB = (await b.posts()).posts.find((p) => p.content === 'From tab A')!;
  expect(inB.pic).toMatch(/^blob:/);
  expect(inB.pic).not.toBe(inA.pic);
  expect(Buffer.from((await shown(inB.pic)).bytes).equals(Buffer.from(bytes))).toBe(true);
  // A new profile picture too: every summary of the member in the next start shows it.
  const face = photo(9, 2048);
  await a.call('post /users/edit', {}, { userData: { pic: dataUrl(face) } }, token);
  const c = await openTab();
  const me = (await c.call<{ users: User[] }>('get /users')).body.users.find((u) => u.username === TEST_CREDENTIALS[0]!.username)!;
  expect(Buffer.from((await shown(me.pic)).bytes).equals(Buffer.from(face))).toBe(true);
});

it('a photo no post uses any more is deleted from storage; one still used is kept', async () => {
  const tab = await openTab();
  const token = await tab.login(1);
  const shared = dataUrl(photo(5, 512));
  const alone = dataUrl(photo(6, 512));
  await tab.call('post /posts', {}, { postData: { content: 'A', pic: shared } }, token);
  await tab.call('post /posts', {}, { postData: { content: 'B', pic: shared } }, token);
  await tab.call('post /posts', {}, { postData: { content: 'C', pic: alone } }, token);
  const { posts } = await tab.posts();
  const byContent = (content: string) => posts.find((p) => p.content === content)!._id;
  await tab.call('delete /posts/:postId', { postId: byContent('A') }, {}, token);
  await tab.call('delete /posts/:postId', { postId: byContent('C') }, {}, token);
  const jpegs = (await storedImages()).images.filter((image) => image.type === 'image/jpeg');
  expect(jpegs.map((image) => image.id)).toEqual([imageIdOf({ contentType: 'image/jpeg', bytes: photo(5, 512) })]);
});

it('moves pictures stored inline by the previous version into the image store on first start, nothing lost', async () => {
  // Version 1 of the storage: the same stores without `images`, records holding data: URLs.
  const seed = createSeedDb();
  const bytes = photo(7, 2048);
  seed.posts[0]!.pic = dataUrl(bytes);
  const old = await openDB(NAME, 1, {
    upgrade(database) {
      database.createObjectStore('meta', { keyPath: 'key' });
      database.createObjectStore('users', { keyPath: '_id' });
      database.createObjectStore('posts', { keyPath: '_id' });
      database.createObjectStore('changes', { keyPath: 'revision' });
    },
  });
  let seq = 0;
  for (const user of seed.users) await old.put('users', { _id: user._id, seq: (seq += 1), data: user });
  for (const post of seed.posts) await old.put('posts', { _id: post._id, seq: (seq += 1), data: post });
  await old.put('meta', { key: 'meta', version: 1, revision: 1, nextId: seed.nextId, nextSeq: seq + 1, revoked: [] });
  old.close();

  const tab = await openTab();
  const stored = await storedImages();
  expect(stored.posts.filter((p) => p.data.pic.startsWith('data:'))).toEqual([]);
  expect(stored.posts.find((p) => p.data._id === seed.posts[0]!._id)!.data.pic).toBe(
    `/api/images/${imageIdOf({ contentType: 'image/jpeg', bytes })}`,
  );
  const post = (await tab.posts()).posts.find((p) => p._id === seed.posts[0]!._id)!;
  expect(Buffer.from((await shown(post.pic)).bytes).equals(Buffer.from(bytes))).toBe(true);
  // Every member kept a picture, now from the store (the seed's default avatar among them if used).
  const users = (await tab.call<{ users: User[] }>('get /users')).body.users;
  expect(users).toHaveLength(seed.users.length);
  for (const user of users) expect((await shown(user.pic)).type).toBe('image/svg+xml');
  expect(DEFAULT_AVATAR.startsWith('data:image/svg+xml')).toBe(true);
});

it('a photo the browser has no room for: 507 storageFull, neither the post nor the image is stored, and it can be sent again later', async () => {
  const tab = await openTab();
  const token = await tab.login(1);
  const put = IDBObjectStore.prototype.put;
  // A full disk for pictures only: the record puts of the same transaction would have fitted.
  const spy = jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    if (this.name === 'images') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args);
  });
  const pic = dataUrl(photo(8, 4096));
  try {
    const refused = await tab.call('post /posts', {}, { postData: { content: 'No room', pic } }, token);
    expect(refused).toMatchObject({ status: 507, body: { errors: [SERVER_ERRORS.storageFull] } });
  } finally {
    spy.mockRestore();
  }
  const stored = await storedImages();
  expect(stored.images.some((image) => image.type === 'image/jpeg')).toBe(false);
  expect((await tab.posts()).posts.some((p) => p.content === 'No room')).toBe(false);
  const again = await tab.call<{ posts: Post[] }>('post /posts', {}, { postData: { content: 'Room again', pic } }, token);
  expect(again.status).toBe(201);
  const post = again.body.posts.find((p) => p.content === 'Room again')!;
  expect(Buffer.from((await shown(post.pic)).bytes).equals(Buffer.from(photo(8, 4096)))).toBe(true);
  expect((await storedImages()).images.filter((image) => image.type === 'image/jpeg')).toHaveLength(1);
});
