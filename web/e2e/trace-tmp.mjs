import { chromium } from "playwright-core";
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.addInitScript(() => {
  window.__ticks = [];
  const tick = () => { window.__ticks.push(Math.round(performance.now())); setTimeout(tick, 20); };
  setTimeout(tick, 20);
});
if (process.env.BLOCK) await context.route(new RegExp(process.env.BLOCK), (r) => r.abort());
const page = await context.newPage();
await page.goto(process.env.URL);
await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000, polling: 50 });
await page.waitForTimeout(4000);
const [ticks, readyMs] = await page.evaluate(() => [window.__ticks, document.body.dataset.readyMs]);
let gaps = [];
for (let i = 1; i < ticks.length; i++) if (ticks[i] - ticks[i-1] > 150) gaps.push(`${ticks[i-1]}→${ticks[i]} (${ticks[i]-ticks[i-1]})`);
console.log(`block ${process.env.BLOCK}: readyMs ${readyMs}; busy > 150 ms: ` + gaps.join(", "));
await browser.close();
