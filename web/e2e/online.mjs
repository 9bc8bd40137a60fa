// End-to-end test of online play: two Chromium pages play each other
// through agon-server (which also serves the web build). Page A creates a
// game from the menu's "Play online"; its address becomes the room's link;
// page B opens that link and takes the other seat; they play, one action
// each way, B reloads mid-game and is back in its seat (the token in the
// browser's storage), and plays on.
// Usage: URL=http://127.0.0.1:PORT/ node web/e2e/online.mjs  (agon-server --dist dist)
import { afn, button, clickFor, fail, launch, openPage, play, waitAfn } from "./common.mjs";

const url = process.env.URL ?? "http://127.0.0.1:8080/";
const AFTER_F1F2 = "1g2G1/G5g/8/g7G/10/1Q8q/10/g7G/8/G5g/1g2G1 d -";
const AFTER_F11F10 = "1g2G1/G5g/8/g7G/10/1Q7q1/10/g7G/8/G5g/1g2G1 l -";
const AFTER_B1B2 = "1g2G1/1G4g/8/g7G/10/1Q7q1/10/g7G/8/G5g/1g2G1 d -";
const desktop = { viewport: { width: 1280, height: 800 } };

const browser = await launch();
const seat = (page) => page.evaluate(() => document.body.dataset.onlineSeat ?? "");
const waitFor = (page, what, f, arg) => page.waitForFunction(f, arg, { timeout: 60_000 })
  .catch(() => fail(`never: ${what}`));

// A creates a game from the menu.
const a = await openPage(browser, url, desktop);
await clickFor(a.page, "Menu", "PlayOnline");
await clickFor(a.page, "PlayOnline", "OnlineCreate");
await button(a.page, "OnlineCreate");
await waitFor(a.page, "A is in a room", () => location.search.startsWith("?online="));
const link = a.page.url();
console.log(`online: A created ${link}`);

// B opens the link: the other seat.
const b = await openPage(browser, link, desktop);
await waitFor(b.page, "B is seated", () => ["light", "dark"].includes(document.body.dataset.onlineSeat));
const [seatA, seatB] = [await seat(a.page), await seat(b.page)];
if (seatA === seatB || !["light", "dark"].includes(seatA)) fail(`seats ${seatA} and ${seatB}`);
const light = seatA === "light" ? a : b;
const dark = seatA === "light" ? b : a;
console.log(`online: A plays ${seatA}, B plays ${seatB}`);

await waitFor(light.page, "the game starts", () => document.body.dataset.onlineStarted === "1");
await play(light.page, "f1", "f2");
await waitAfn(dark.page, AFTER_F1F2, "Light's action on Dark's board");
await play(dark.page, "f11", "f10");
await waitAfn(light.page, AFTER_F11F10, "Dark's answer on Light's board");

// B reloads: the same seat, the game as it stands.
await b.page.reload();
await b.page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 180_000 });
await waitFor(b.page, "B is back in its seat", (s) => document.body.dataset.onlineSeat === s, seatB);
await waitAfn(b.page, AFTER_F11F10, "the game after B's reload");
await play(light.page, "b1", "b2");
await waitAfn(dark.page, AFTER_B1B2, "Light's next action after the reload");
if ((await afn(light.page)) !== AFTER_B1B2) fail("the boards differ");

for (const [name, p] of [["A", a], ["B", b]]) {
  const errors = p.errors.filter((e) => !e.includes("favicon"));
  if (errors.length) fail(`page ${name} logged errors: ${errors.join(" | ")}`);
}
console.log("online: PASS");
await browser.close();
