// End-to-end test of the web build in headless Chromium:
//  1. desktop size: load the page, wait until the game says it is ready, play
//     f1-f2 by clicking the piece and its target, wait for the computer's
//     reply, check the position, the console and the save in localStorage;
//  2. phone size with touch: tap to select, tap to act;
//  3. a corrupt save in localStorage: reported to the player and kept, never
//     silently replaced.
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

await browser.close();
console.log("PASS");
