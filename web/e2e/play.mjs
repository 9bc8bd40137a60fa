// End-to-end test of the web build: load the page in headless Chromium,
// wait for the game to say it is ready, play an action by clicking a piece and
// one of its targets, wait for the computer's reply, and check the position
// changed as expected and the console stayed free of errors.
// Usage: URL=http://127.0.0.1:8080/ node web/e2e/play.mjs
import { chromium } from "playwright-core";

const url = process.env.URL ?? "http://127.0.0.1:8080/";
const shot = process.env.SHOT ?? "web-e2e.png";
const START = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -";
const fail = (msg) => { console.error(`FAIL: ${msg}`); process.exit(1); };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const errors = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
page.on("pageerror", (e) => errors.push(String(e)));

const t0 = Date.now();
await page.goto(url);
await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000 });
const readyMs = Date.now() - t0;
console.log(`ready: a playable board ${readyMs} ms after the page started loading`);

const afn = () => page.evaluate(() => document.body.dataset.afn);
if ((await afn()) !== START) fail(`not the start position: ${await afn()}`);

// Where a cell is on screen: the game publishes it for tests.
const cellAt = async (name) => {
  const xy = await page.evaluate((n) => document.body.dataset["cell" + n.toUpperCase()], name);
  if (!xy) fail(`no screen position for ${name}`);
  const [x, y] = xy.split(",").map(Number);
  return { x, y };
};

// Light's queen f1 steps to f2.
let p = await cellAt("f1");
await page.mouse.click(p.x, p.y);
await page.waitForTimeout(1500);
p = await cellAt("f2");
await page.mouse.click(p.x, p.y);
await page.waitForFunction((s) => document.body.dataset.afn !== s, START, { timeout: 60_000 });
const afterMine = await afn();
const expected = "1g2G1/G5g/8/g7G/10/1Q8q/10/g7G/8/G5g/1g2G1 d -";
if (afterMine !== expected) fail(`after f1-f2 the position is ${afterMine}, not ${expected}`);
console.log("played f1-f2");

// The computer replies: Light to move again.
await page.waitForFunction(() => (document.body.dataset.afn ?? "").endsWith(" l -") ||
  (document.body.dataset.afn ?? "").includes(" l "), null, { timeout: 120_000 });
const afterReply = await afn();
if (afterReply === expected) fail("the computer did not reply");
console.log(`the computer replied: ${afterReply}`);

await page.screenshot({ path: shot });
console.log(`screenshot: ${shot}`);
await page.waitForTimeout(1200);
const frames = await page.evaluate(() => document.body.dataset.frames ?? "");
if (frames) console.log(`frames: ${frames}`);
const search = await page.evaluate(() => document.body.dataset.search ?? "");
if (search) console.log(`search: ${search}`);
await browser.close();

if (errors.length) fail(`console errors:\n${errors.join("\n")}`);
console.log("PASS");
