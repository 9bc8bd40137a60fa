// Time to a playable board: loads the page LOADS times (default 5) at
// 1280x800 in fresh contexts (nothing cached) and prints the median and
// each time, in ms from navigation to the game saying it is ready (the
// page's own clock, data-ready-ms); and, for comparison, when this script's
// polling saw it (it runs only between the page's slow software frames).
// Usage: URL=http://127.0.0.1:8080/ LOADS=5 node web/e2e/load.mjs
import { chromium } from "playwright-core";

const url = process.env.URL ?? "http://127.0.0.1:8080/";
const loads = Number.parseInt(process.env.LOADS ?? "5", 10);
if (!Number.isInteger(loads) || loads < 1 || loads > 100) {
  console.error(`LOADS must be 1 to 100, not ${process.env.LOADS}`);
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
});
const times = [];
const polled = [];
for (let i = 0; i < loads; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000 });
  polled.push(Date.now() - t0);
  times.push(Number(await page.evaluate(() => document.body.dataset.readyMs)));
  await context.close();
}
await browser.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`median ${median(times)} ms of ${loads} loads (${times.join(", ")} ms)`);
console.log(`seen by polling: median ${median(polled)} ms (${polled.join(", ")} ms)`);
