// What the browser tests share: starting Chromium, opening the game in a
// fresh page, reading the cells and controls the page publishes (data-*),
// clicking them, and waiting for a position.
import { chromium } from "playwright-core";

const shot = process.env.SHOT ?? "web-e2e.png";

export const fail = (msg) => { console.error(`FAIL: ${msg}`); process.exit(1); };

// Chromium now and then dies as it starts (SIGSEGV before any page, seen
// once in CI): that is not what this tests, so it is started again.
export const launch = async () => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
      });
    } catch (e) {
      if (attempt === 3) throw e;
      console.log(`chromium did not start (${String(e).split("\n")[0]}); again`);
    }
  }
};

/// Opens the game at `url` in a fresh context of `browser`; `setup` runs in
/// the page before the game.
export async function openPage(browser, url, options, setup) {
  const context = await browser.newContext(options);
  if (setup) await context.addInitScript(setup);
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000 });
  return { page, errors, readyMs: Date.now() - t0, context };
}

export const afn = (page) => page.evaluate(() => document.body.dataset.afn);
export const cellAt = async (page, name) => {
  const xy = await page.evaluate((n) => document.body.dataset["cell" + n.toUpperCase()], name);
  if (!xy) fail(`no screen position for ${name}`);
  const [x, y] = xy.split(",").map(Number);
  return { x, y };
};
/// Clicks a control the game marked (it publishes its centre as data-button-*).
export const button = async (page, name) => {
  const key = "button" + name;
  await page.waitForFunction((k) => (document.body.dataset[k] ?? "") !== "", key, { timeout: 30_000 })
    .catch(async () => {
      await page.screenshot({ path: shot.replace(/\.png$/, "-fail.png") });
      fail(`no "${name}" control on screen (see ${shot.replace(/\.png$/, "-fail.png")})`);
    });
  const [x, y] = (await page.evaluate((k) => document.body.dataset[k], key)).split(",").map(Number);
  await page.mouse.click(x, y);
};
/// Clicks `name` until `then` shows (up to three times): with frames of a
/// second or more in a software renderer, a click can fall between the
/// frames that would see it.
export const clickFor = async (page, name, then) => {
  for (let i = 0; i < 3; i++) {
    await button(page, name);
    const shown = await page.waitForFunction((k) => (document.body.dataset[k] ?? "") !== "",
      "button" + then, { timeout: 10_000 }).then(() => true, () => false);
    if (shown) return;
  }
  await button(page, then);
};
export const waitAfn = (page, want, what) => page.waitForFunction(
  (w) => document.body.dataset.afn === w, want, { timeout: 60_000 })
  .catch(async () => fail(`${what}: the position is ${await afn(page)}, not ${want}`));
/// Plays an action by clicking, once the board is still (the camera may be
/// turning to the player's side, and the cells with it).
export const play = async (page, from, to) => {
  await page.waitForFunction(() => document.body.dataset.resting === "1", null, { timeout: 30_000 })
    .catch(() => {});
  let p = await cellAt(page, from);
  await page.mouse.click(p.x, p.y);
  await page.waitForTimeout(500);
  p = await cellAt(page, to);
  await page.mouse.click(p.x, p.y);
};
