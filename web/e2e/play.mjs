// End-to-end test of the web build in headless Chromium:
//  1. desktop size: load the page, wait until the game says it is ready, play
//     f1-f2 by clicking the piece and its target, wait for the computer's
//     reply (the page otherwise idle: it draws only when something changes),
//     check that the page then rests, the position, the console and the save
//     in localStorage;
//  2. phone size with touch: tap to select, tap to act;
//  3. a corrupt save in localStorage: reported to the player and kept, never
//     silently replaced;
//  4. links: ?afn= opens a position, the address then follows the game, and a
//     broken link is reported.
// Usage: URL=http://127.0.0.1:8080/ node web/e2e/play.mjs
import { chromium } from "playwright-core";

const url = process.env.URL ?? "http://127.0.0.1:8080/";
const shot = process.env.SHOT ?? "web-e2e.png";
const START = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -";
const AFTER_F1F2 = "1g2G1/G5g/8/g7G/10/1Q8q/10/g7G/8/G5g/1g2G1 d -";
const fail = (msg) => { console.error(`FAIL: ${msg}`); process.exit(1); };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
});

/// Opens the game in a fresh context; `setup` runs in the page before the game.
async function open(options, setup) {
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

const afn = (page) => page.evaluate(() => document.body.dataset.afn);
const cellAt = async (page, name) => {
  const xy = await page.evaluate((n) => document.body.dataset["cell" + n.toUpperCase()], name);
  if (!xy) fail(`no screen position for ${name}`);
  const [x, y] = xy.split(",").map(Number);
  return { x, y };
};
const lightToMove = (page) => page.waitForFunction(
  () => (document.body.dataset.afn ?? "").split(" ")[1] === "l", null, { timeout: 120_000 });

// 1. Desktop, mouse.
{
  const { page, errors, readyMs, context } = await open({ viewport: { width: 1280, height: 800 } });
  console.log(`desktop: a playable board ${readyMs} ms after the page started loading`);
  if ((await afn(page)) !== START) fail(`not the start position: ${await afn(page)}`);
  let p = await cellAt(page, "f1");
  await page.mouse.click(p.x, p.y);
  await page.waitForTimeout(800);
  p = await cellAt(page, "f2");
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((s) => document.body.dataset.afn !== s, START, { timeout: 60_000 });
  if ((await afn(page)) !== AFTER_F1F2) fail(`after f1-f2 the position is ${await afn(page)}`);
  console.log("desktop: played f1-f2");
  await lightToMove(page);
  console.log(`desktop: the computer replied, now ${await afn(page)}`);
  // The board still, the page rests: it stops drawing and stays so.
  await page.waitForFunction(() => document.body.dataset.resting === "1", null, { timeout: 20_000 })
    .catch(() => fail("the page never came to rest after the reply"));
  const restFrames = await page.evaluate(() => document.body.dataset.frame);
  await page.waitForTimeout(3000);
  if ((await page.evaluate(() => document.body.dataset.resting)) !== "1") fail("the page woke with nothing moving");
  const laterFrames = await page.evaluate(() => document.body.dataset.frame);
  console.log(`desktop: at rest, frame ${restFrames}, then frame ${laterFrames} 3 s later`);
  // Only the idle wait's rare look at the world: not 60 frames a second.
  if (Number(laterFrames) - Number(restFrames) > 10) fail("the page kept drawing at rest");
  // Give the page time to publish its timings (it does every 30 frames).
  await page.waitForFunction(() => document.body.dataset.frames, null, { timeout: 60_000 })
    .catch(() => {});
  const saved = await page.evaluate(() => localStorage.getItem("agon.save"));
  if (!saved || !JSON.parse(saved).actions.includes("f1-f2")) fail(`the game was not saved: ${saved}`);
  await page.screenshot({ path: shot });
  console.log(`desktop: screenshot ${shot}`);
  for (const key of ["frames", "search"]) {
    const v = await page.evaluate((k) => document.body.dataset[k] ?? "", key);
    if (v) console.log(`desktop: ${key}: ${v}`);
  }
  if (errors.length) fail(`console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 2. A phone, touch.
{
  const { page, errors, readyMs, context } = await open({
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1,
  });
  console.log(`phone: ready after ${readyMs} ms`);
  let p = await cellAt(page, "f1");
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(800);
  p = await cellAt(page, "f2");
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction((s) => document.body.dataset.afn !== s, START, { timeout: 60_000 });
  if ((await afn(page)) !== AFTER_F1F2) fail(`phone: after tapping f1, f2: ${await afn(page)}`);
  console.log("phone: tapped f1 then f2");
  await page.screenshot({ path: shot.replace(/\.png$/, "-phone.png") });
  if (errors.length) fail(`phone: console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 3. A corrupt save.
{
  const { page, errors, context } = await open({ viewport: { width: 1024, height: 700 } }, () => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("agon.save", "{ not a game");
      sessionStorage.setItem("seeded", "1");
    }
  });
  const notices = await page.evaluate(() => document.body.dataset.notices ?? "");
  if (!notices.includes("could not be read")) fail(`no notice of the corrupt save: ${notices}`);
  const kept = await page.evaluate(() => localStorage.getItem("agon.save.unreadable-1"));
  if (kept !== "{ not a game") fail(`the corrupt save was not kept: ${kept}`);
  console.log(`corrupt save: reported ("${notices.split("\n")[0]}") and kept`);
  if (errors.length) fail(`corrupt save: console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 4. A link to a position: the page opens it, ready to play, and keeps its
//    address in step with the game (a ?game= link from then on).
{
  const link = `${url}?afn=${encodeURIComponent(AFTER_F1F2)}&mode=pass-and-play`;
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(link);
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000 });
  if ((await afn(page)) !== AFTER_F1F2) fail(`the ?afn= link opened ${await afn(page)}`);
  await page.waitForFunction(() => location.search.includes("game="), null, { timeout: 20_000 })
    .catch(() => fail(`the address did not follow the game: ${page.url()}`));
  console.log(`link: ?afn= opened the position; the address is now ${new URL(page.url()).search}`);
  // A broken link opens nothing and says why.
  await page.goto(`${url}?game=%21%21`);
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000 });
  const notices = await page.evaluate(() => document.body.dataset.notices ?? "");
  if (!notices.includes("link")) fail(`no notice for a broken link: ${notices}`);
  console.log(`link: a broken one is said ("${notices.split("\n")[0]}")`);
  if (errors.length) fail(`links: page errors:\n${errors.join("\n")}`);
  await context.close();
}

await browser.close();
console.log("PASS");
