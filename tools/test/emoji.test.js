/** The emoji pictures in shell/src/ui/emoji are what tools/emoji/build.js makes from the Twemoji data. */
const { files, pickerEmoji } = require('../emoji/build');
const fs = require('fs');
const path = require('path');

const dir = path.join(__dirname, '..', '..', 'shell', 'src', 'ui', 'emoji');

test("the committed sprite and map are the generator's, for every emoji of the picker and its button", () => {
  const wanted = files();
  expect(fs.readdirSync(dir).sort()).toEqual([...wanted.keys()].sort());
  for (const [name, text] of wanted) expect(fs.readFileSync(path.join(dir, name), 'utf8')).toBe(text);
  expect(pickerEmoji()).toHaveLength(21);
  const sprite = wanted.get('twemoji.svg');
  // One <view> per emoji, and nothing in the drawings that could clash or run (ids, scripts, links).
  expect(sprite.match(/<view /g)).toHaveLength(21);
  expect(sprite).not.toMatch(/<script|href=|on[a-z]+=/i);
  // A few KB on the wire.
  expect(require('zlib').gzipSync(sprite).length).toBeLessThan(12 * 1024);
});
