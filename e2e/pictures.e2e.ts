/**
 * Pictures and edits (issue 54) on the production build: a post with two pictures and their
 * descriptions (one a 12-megapixel photo, shrunk by the browser to 2048 px before upload), an
 * edit, and the post's edit history.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInAs, openPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A picture drawn by the page's own canvas, encoded by the browser (as a camera's file would be). */
async function drawnPicture(page: Page, width: number, height: number, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, type }) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d')!;
      const sky = g.createLinearGradient(0, 0, width, height);
      sky.addColorStop(0, '#f4a259');
      sky.addColorStop(1, '#3b6e8f');
      g.fillStyle = sky;
      g.fillRect(0, 0, width, height);
      for (let i = 0; i < 40; i++) {
        g.fillStyle = `hsl(${(i * 37) % 360} 60% 55% / 0.6)`;
        g.beginPath();
        g.arc(((i * 97) % 100) * (width / 100), ((i * 53) % 100) * (height / 100), (width / 20) * (1 + (i % 4)), 0, Math.PI * 2);
        g.fill();
      }
      // Fine grain, as a camera's sensor gives: a photo's file is large because of it.
      const pixels = g.getImageData(0, 0, width, height);
      let seed = 1;
      for (let i = 0; i < pixels.data.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        if (i % 4 !== 3) pixels.data[i] = Math.max(0, Math.min(255, pixels.data[i]! + ((seed >> 16) % 17) - 8));
      }
      g.putImageData(pixels, 0, 0);
      const blob = await canvas.convertToBlob({ type, quality: 0.95 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { width, height, type },
  );
  return Buffer.from(base64, 'base64');
}

test('a post with two pictures and descriptions, edited, shows "Edited" and its history', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1280, height: 900 });
  await logInAs(page, 1);
  const photo = await drawnPicture(page, 4032, 3024, 'image/jpeg');
  const drawing = await drawnPicture(page, 600, 400, 'image/png');
  // A 12-megapixel photo is over the server's 1 MB limit as it is.
  expect(photo.length).toBeGreaterThan(1024 * 1024);

  const text = `Two pictures ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByLabel('Add photo or GIF').setInputFiles([
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'drawing.png', mimeType: 'image/png', buffer: drawing },
  ]);
  const descriptions = page.getByRole('textbox', { name: 'Picture description' });
  await descriptions.nth(1).waitFor({ timeout: 30_000 });
  await descriptions.nth(0).fill('Orange and blue circles, photographed');
  await descriptions.nth(1).fill('A small drawing of circles');
  await page.getByRole('button', { name: 'Post', exact: true }).click();

  const card = page.getByRole('article').filter({ hasText: text });
  const big = card.getByRole('img', { name: 'Orange and blue circles, photographed' });
  const small = card.getByRole('img', { name: 'A small drawing of circles' });
  await big.waitFor();
  await small.waitFor();
  // The photo went up shrunk to at most 2048 px on its long side, in its proportions; the drawing as it was.
  const width = Number(await big.getAttribute('width'));
  const height = Number(await big.getAttribute('height'));
  expect(width).toBeLessThanOrEqual(2048);
  expect(width).toBeGreaterThanOrEqual(1024);
  expect(height).toBe(Math.round((width * 3024) / 4032));
  expect([await small.getAttribute('width'), await small.getAttribute('height')]).toEqual(['600', '400']);
  // The picture served is that size, as a JPEG (its own format).
  const served = await page.waitForFunction((name) => {
    const img = [...document.querySelectorAll('img')].find((i) => i.alt === name);
    return img && img.complete && img.naturalWidth > 0 ? { w: img.naturalWidth, h: img.naturalHeight, src: img.src } : null;
  }, 'Orange and blue circles, photographed');
  const shown = (await served.jsonValue()) as { w: number; h: number; src: string };
  expect([shown.w, shown.h]).toEqual([width, height]);
  expect(await page.evaluate(async (src) => (await fetch(src)).headers.get('content-type'), shown.src)).toBe('image/jpeg');
  expect(await card.getByRole('button', { name: 'Edited' }).count()).toBe(0);

  // Edit: the text and one description.
  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit post' });
  await dialog.getByRole('textbox', { name: "What's on your mind?" }).fill(`${text}, edited`);
  await dialog.getByRole('textbox', { name: 'Picture description' }).nth(1).fill('A small drawing, described again');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  const edited = page.getByRole('article').filter({ hasText: `${text}, edited` });
  await edited.getByRole('img', { name: 'A small drawing, described again' }).waitFor();
  await edited.getByRole('button', { name: 'Edited' }).click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  const versions = history.getByRole('listitem');
  await versions.first().waitFor();
  expect(await versions.count()).toBe(1);
  await versions.first().getByText(text, { exact: true }).waitFor();
  await versions.first().getByRole('img', { name: 'A small drawing of circles' }).waitFor();
  expect(await versions.first().locator('time').count()).toBe(1);

  const shots = process.env.ORBIT_SCREENSHOTS;
  if (shots) {
    for (const theme of ['dark', 'light']) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shots, `pictures-history-${theme}-${width}.png`) });
      }
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await edited.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `pictures-card-${theme}-${width}.png`) });
      }
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Switch to light theme' }).click();
        await edited.getByRole('button', { name: 'Edited' }).click();
        await history.getByRole('listitem').first().waitFor();
      }
    }
  }
  expect(errors).toEqual([]);
  await context.close();
});

test('on the post page at 1280×800 a tall picture opens large with Previous and Next still in view', async () => {
  const { page, context, errors } = await openPage(browser, { width: 1280, height: 800 });
  await logInAs(page, 1);
  const tall = await drawnPicture(page, 600, 1200, 'image/png');
  const text = `Tall pictures ${Date.now()}`;
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await page.getByLabel('Add photo or GIF').setInputFiles([
    { name: 'tall-1.png', mimeType: 'image/png', buffer: tall },
    { name: 'tall-2.png', mimeType: 'image/png', buffer: tall },
  ]);
  const descriptions = page.getByRole('textbox', { name: 'Picture description' });
  await descriptions.nth(1).waitFor({ timeout: 30_000 });
  await descriptions.nth(0).fill('A tall picture');
  await descriptions.nth(1).fill('Another tall picture');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('img', { name: 'A tall picture' }).click();

  await page.getByRole('button', { name: 'A tall picture (open full size)' }).click();
  const viewer = page.getByRole('dialog', { name: 'A tall picture' });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('.post-picture-dialog__image');
    return img !== null && img.complete && img.naturalWidth > 0;
  });
  // The dialog needs no scrolling of its own: the picture leaves room for the buttons under it.
  expect(await viewer.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
  const next = (await viewer.getByRole('button', { name: 'Next picture' }).boundingBox())!;
  expect(next.y + next.height).toBeLessThanOrEqual(800);
  expect(errors).toEqual([]);
  await context.close();
});
