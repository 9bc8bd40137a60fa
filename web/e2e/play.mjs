// End-to-end test of the web build in headless Chromium:
//  1. desktop size: load the page, wait until the game says it is ready, play
//     f1-f2 by clicking the piece and its target, wait for the computer's
//     reply (the page otherwise idle: it draws only when something changes),
//     check that the page then rests, the position, the console and the save
//     in localStorage;
//  2. phone size with touch, held upright: the board the screen's width, tap
//     to select and tap to act, two fingers spread to zoom in; then a drag
//     plays too (with the system asking for reduced motion: no animation),
//     and the phone on its side plays by taps;
//  3. a corrupt save in localStorage: reported to the player and kept, never
//     silently replaced; the browser asks for Greek, and the page and the
//     game are in Greek;
//  4. links: ?afn= opens a position, the address then follows the game, and a
//     broken link is reported;
//  5. records in and out: "Download" saves agon-<date>.json, "Copy link" puts
//     a link on the clipboard that opens the game in another page, the file
//     picker opens the downloaded record, a record pasted with Ctrl+V into
//     the import box opens, and a file dropped on the page opens;
//  6. a friend by link: one page plays and sends its move, another opens the
//     link, sees the action, replies and sends a link back, which the first
//     page opens without a question;
//  7. a puzzle by its link (?puzzle=ID): the solution is clicked, the other
//     side's reply played between by the game, and the page says it is
//     solved.
// Usage: URL=http://127.0.0.1:8080/ node web/e2e/play.mjs
import { decodePng } from "./png.mjs";
import { afn, button, cellAt, clickFor, fail, launch, openPage, play, waitAfn } from "./common.mjs";
import { readFileSync } from "node:fs";

const url = process.env.URL ?? "http://127.0.0.1:8080/";
const shot = process.env.SHOT ?? "web-e2e.png";
const START = "1g2G1/G5g/8/g7G/10/Q9q/10/g7G/8/G5g/1g2G1 l -";
const AFTER_F1F2 = "1g2G1/G5g/8/g7G/10/1Q8q/10/g7G/8/G5g/1g2G1 d -";
// SECTIONS=5,6 runs only those sections (all by default).
const only = (process.env.SECTIONS ?? "").split(",").filter(Boolean).map(Number);
const run = (n) => only.length === 0 || only.includes(n);
const browser = await launch();
const open = (options, setup) => openPage(browser, url, options, setup);
const clipboardWith = async (page, part) => {
  await page.waitForFunction(async (t) => (await navigator.clipboard.readText()).includes(t), part,
    { timeout: 10_000, polling: 250 }).catch(() => fail(`the clipboard never held "${part}"`));
  return page.evaluate(() => navigator.clipboard.readText());
};
const ready = (page) => page.waitForFunction(
  () => document.body.dataset.ready === "1", null, { timeout: 180_000 });
const withClipboard = { viewport: { width: 1280, height: 800 }, acceptDownloads: true,
  permissions: ["clipboard-read", "clipboard-write"] };

const lightToMove = (page) => page.waitForFunction(
  () => (document.body.dataset.afn ?? "").split(" ")[1] === "l", null, { timeout: 120_000 });

// 1. Desktop, mouse.
if (run(1)) {
  const { page, errors, readyMs, context } = await open({ viewport: { width: 1280, height: 800 } });
  console.log(`desktop: a playable board ${readyMs} ms after the page started loading`);
  // Ready means the board is on screen: at once, its cells are not the page's background.
  await page.evaluate(() => { document.getElementById("loading").style.display = "none"; });
  const atReady = decodePng(await page.screenshot());
  for (const cell of ["f1", "a1", "k6", "f11"]) {
    const { x, y } = await cellAt(page, cell);
    const [r, g, b] = atReady.at(x, y);
    if (Math.abs(r - 28) + Math.abs(g - 32) + Math.abs(b - 38) < 40) {
      fail(`at ready, cell ${cell} shows the background (${r}, ${g}, ${b}): the board is not drawn`);
    }
  }
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
if (run(2)) {
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
  const width = Number(await page.evaluate(() => document.body.dataset.boardWidth));
  console.log(`phone: the board is ${width} of 390 points wide`);
  if (!(width >= 0.95 * 390)) fail(`phone: the board is only ${width} of 390 points wide`);
  await page.screenshot({ path: shot.replace(/\.png$/, "-phone.png") });
  // Two fingers spread apart: the board comes closer.
  const span = async () => {
    const [a, b] = [await cellAt(page, "a1"), await cellAt(page, "l1")];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  await lightToMove(page);
  await page.waitForFunction(() => document.body.dataset.resting === "1", null, { timeout: 30_000 })
    .catch(() => {});
  const before = await span();
  const cdp = await context.newCDPSession(page);
  const fingers = (type, gap) => cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: type === "touchEnd" ? [] : [
      { x: 195 - gap, y: 300, id: 1 }, { x: 195 + gap, y: 300, id: 2 }],
  });
  await fingers("touchStart", 40);
  for (let gap = 50; gap <= 140; gap += 15) {
    await fingers("touchMove", gap);
    await page.waitForTimeout(150);
  }
  await fingers("touchEnd", 0);
  await page.waitForFunction((b) => {
    const xy = (n) => (document.body.dataset[n] ?? "0,0").split(",").map(Number);
    const [a, l] = [xy("cellA1"), xy("cellL1")];
    return Math.hypot(a[0] - l[0], a[1] - l[1]) > b * 1.1;
  }, before, { timeout: 20_000 }).catch(async () => fail(`phone: a pinch did not zoom (${before} then ${await span()})`));
  console.log(`phone: two fingers spread, a1 to l1 went from ${before.toFixed(0)} to ${(await span()).toFixed(0)} points`);
  await page.screenshot({ path: shot.replace(/\.png$/, "-phone-zoomed.png") });
  if (errors.length) fail(`phone: console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 2b. A phone, a drag: the piece is carried to its cell. The system asks
//     for reduced motion, and the game starts without animation.
if (run(2)) {
  const { page, errors, context } = await open({
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1,
    reducedMotion: "reduce",
  });
  const animation = await page.evaluate(() => document.body.dataset.animation);
  if (animation !== "off") fail(`phone: reduced motion asked for, animation is ${animation}`);
  console.log("phone: the system asks for reduced motion, and the pieces do not animate");
  const cdp = await context.newCDPSession(page);
  const finger = (type, p) => cdp.send("Input.dispatchTouchEvent", {
    type, touchPoints: type === "touchEnd" ? [] : [{ x: p.x, y: p.y, id: 1 }],
  });
  const [from, to] = [await cellAt(page, "f1"), await cellAt(page, "f2")];
  await finger("touchStart", from);
  for (let i = 1; i <= 6; i++) {
    await finger("touchMove", { x: from.x + (to.x - from.x) * i / 6, y: from.y + (to.y - from.y) * i / 6 });
    await page.waitForTimeout(200);
  }
  await finger("touchEnd", to);
  await waitAfn(page, AFTER_F1F2, "phone: a drag from f1 to f2");
  console.log("phone: dragged f1 to f2");
  if (errors.length) fail(`phone drag: console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 2c. A phone on its side: the panel a column beside the board.
if (run(2)) {
  const { page, errors, context } = await open({
    viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1,
  });
  let p = await cellAt(page, "f1");
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForTimeout(800);
  p = await cellAt(page, "f2");
  await page.touchscreen.tap(p.x, p.y);
  await waitAfn(page, AFTER_F1F2, "landscape phone: tapping f1, f2");
  console.log("landscape phone: tapped f1 then f2");
  await page.screenshot({ path: shot.replace(/\.png$/, "-landscape.png") });
  if (errors.length) fail(`landscape phone: console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 3. A corrupt save, for a visitor whose browser asks for Greek.
if (run(3)) {
  const greek = { viewport: { width: 1024, height: 700 }, locale: "el-GR" };
  const { page, errors, context } = await open(greek, () => {
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
  // Greek from the first screen: the loading page and the game.
  const [pageLang, gameLang] = await page.evaluate(
    () => [document.documentElement.lang, document.body.dataset.lang]);
  if (pageLang !== "el" || gameLang !== "el") {
    fail(`a Greek browser got the page in ${pageLang} and the game in ${gameLang}`);
  }
  console.log("languages: a Greek browser got the page and the game in Greek");
  if (errors.length) fail(`corrupt save: console errors:\n${errors.join("\n")}`);
  await context.close();
}

// 4. A link to a position: the page opens it, ready to play, and keeps its
//    address in step with the game (a ?game= link from then on).
if (run(4)) {
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

// 5. Records in and out: download, link, file picker, paste, drop.
const AFTER_F11F10 = "1g2G1/G5g/8/g7G/10/1Q7q1/10/g7G/8/G5g/1g2G1 l -";
if (run(5)) {
  const context = await browser.newContext(withClipboard);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${url}?afn=${encodeURIComponent(AFTER_F1F2)}&mode=pass-and-play`);
  await ready(page);
  await play(page, "f11", "f10");
  await page.waitForFunction((s) => document.body.dataset.afn !== s, AFTER_F1F2, { timeout: 60_000 });
  const played = await afn(page);
  await clickFor(page, "Record", "Save");
  const [download] = await Promise.all([page.waitForEvent("download"), button(page, "Save")]);
  const name = download.suggestedFilename();
  if (!/^agon-\d{4}-\d\d-\d\d\.json$/.test(name)) fail(`the download is named ${name}`);
  const file = await download.path();
  const record = readFileSync(file, "utf8");
  const parsed = JSON.parse(record);
  if (parsed.start !== AFTER_F1F2 || parsed.actions.join(" ") !== "f11-f10") fail(`downloaded ${record}`);
  console.log(`records: downloaded ${name} (${record.length} bytes, ${parsed.actions.length} action)`);
  await button(page, "CopyLink");
  const link = await clipboardWith(page, "game=");
  console.log(`records: "Copy link" put ${link.length} characters on the clipboard`);
  // The link opens the game in a page of its own.
  {
    const other = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    const p2 = await other.newPage();
    await p2.goto(link);
    await ready(p2);
    await waitAfn(p2, played, "the copied link");
    console.log("records: the copied link opened the game in another page");
    await other.close();
  }
  // The file picker opens the downloaded record (in a fresh page).
  {
    const other = await browser.newContext(withClipboard);
    const p3 = await other.newPage();
    await p3.goto(url);
    await ready(p3);
    await clickFor(p3, "Record", "OpenFile");
    const [chooser] = await Promise.all([p3.waitForEvent("filechooser"), button(p3, "OpenFile")]);
    await chooser.setFiles(file);
    await waitAfn(p3, played, "the picked file");
    console.log("records: the file picker opened the downloaded record");
    // A record pasted into the import box opens too (here a position: the
    // page then asks before it replaces the game in progress).
    await p3.evaluate((t) => navigator.clipboard.writeText(t), START);
    await clickFor(p3, "Record", "ImportBox");
    for (let i = 0; i < 3; i++) {
      await button(p3, "ImportBox");
      await p3.waitForTimeout(500);
      // A paste of an earlier try is replaced, not added to.
      await p3.keyboard.press("Control+A");
      await p3.waitForTimeout(500);
      await p3.keyboard.press("Control+V");
      await p3.waitForTimeout(1000);
      await button(p3, "Open");
      const asked = await p3.waitForFunction(() => (document.body.dataset.buttonDiscardIt ?? "") !== "",
        null, { timeout: 10_000 }).then(() => true, () => false);
      if (asked) break;
    }
    await button(p3, "DiscardIt");
    await waitAfn(p3, START, "the pasted position");
    console.log("records: a position pasted with Ctrl+V opened, after the question");
    await other.close();
  }
  // A file dropped anywhere on the page opens.
  {
    const other = await browser.newContext({ viewport: { width: 1024, height: 700 } });
    const p4 = await other.newPage();
    await p4.goto(url);
    await ready(p4);
    await p4.evaluate((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], "dropped.json", { type: "application/json" }));
      document.body.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
      document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, record);
    await waitAfn(p4, played, "the dropped file");
    console.log("records: a file dropped on the page opened");
    await other.close();
  }
  if (errors.length) fail(`records: page errors:\n${errors.join("\n")}`);
  await context.close();
}

// 6. A friend by link: two pages, each its own browser profile.
if (run(6)) {
  const a = await browser.newContext(withClipboard);
  const pageA = await a.newPage();
  await pageA.goto(`${url}?afn=${encodeURIComponent(START)}&mode=remote&side=light`);
  await ready(pageA);
  await play(pageA, "f1", "f2");
  await waitAfn(pageA, AFTER_F1F2, "my move");
  await button(pageA, "SendMove");
  const link = await clipboardWith(pageA, "side=dark");
  console.log(`friend: "Send your move" copied ${link}`);
  await pageA.screenshot({ path: shot.replace(/\.png$/, "-send.png") });
  const b = await browser.newContext(withClipboard);
  const pageB = await b.newPage();
  await pageB.goto(link);
  await ready(pageB);
  await waitAfn(pageB, AFTER_F1F2, "the friend's page");
  await play(pageB, "f11", "f10");
  await waitAfn(pageB, AFTER_F11F10, "the friend's reply");
  await button(pageB, "SendMove");
  const reply = await clipboardWith(pageB, "side=light");
  console.log("friend: the friend opened it, replied f11-f10 and sent a link back");
  await pageA.goto(reply);
  await ready(pageA);
  await waitAfn(pageA, AFTER_F11F10, "the reply opened");
  await pageA.waitForTimeout(1000);
  const asked = await pageA.evaluate(() => document.body.dataset.buttonDiscardIt ?? "");
  if (asked) fail("opening the friend's reply asked to discard the game it continues");
  console.log("friend: the reply opened in the first page, without a question");
  await a.close();
  await b.close();
}

// 7. Analysis on the web: the search runs in slices between frames; the
//    line deepens while the board still answers clicks.
if (run(7)) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${url}?afn=${encodeURIComponent(AFTER_F1F2)}&mode=pass-and-play`);
  await ready(page);
  await button(page, "Analysis");
  const depth = async () => Number(
    (await page.evaluate(() => document.body.dataset.analysis ?? "")).split(" ")[1] ?? 0);
  await page.waitForFunction(() => Number((document.body.dataset.analysis ?? "").split(" ")[1] ?? 0) >= 3,
    null, { timeout: 60_000 }).catch(async () => fail(`no analysis line: depth ${await depth()}`));
  console.log(`analysis: ${await page.evaluate(() => document.body.dataset.analysis)}`);
  // A click while it searches is played, and the analysis follows the board.
  await play(page, "f11", "f10");
  await waitAfn(page, AFTER_F11F10, "a move during analysis");
  await page.waitForFunction(() => (document.body.dataset.analysis ?? "").startsWith("depth"),
    null, { timeout: 60_000 }).catch(() => fail("the analysis did not follow the board"));
  console.log(`analysis: after f11-f10, ${await page.evaluate(() => document.body.dataset.analysis)}`);
  if (errors.length) fail(`analysis: page errors:\n${errors.join("\n")}`);
  await context.close();
}

// 7. A puzzle by its link: one with a reply, from the shipped file.
if (run(7)) {
  const lines = readFileSync(new URL("../../assets/puzzles/puzzles.jsonl", import.meta.url), "utf8")
    .split("\n").slice(1).filter(Boolean).map((l) => JSON.parse(l));
  const puzzle = lines.find((p) => p.solution.length === 3);
  if (!puzzle) fail("no puzzle of three actions in the file");
  const { page, errors, context } = await open({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${url}?puzzle=${puzzle.id}`);
  await ready(page);
  const state = (want) => page.waitForFunction((w) => document.body.dataset.puzzle === w, want,
    { timeout: 60_000 }).catch(async () => fail(`the puzzle is "${await page.evaluate(
      () => document.body.dataset.puzzle)}", not "${want}"`));
  await state("playing");
  await waitAfn(page, puzzle.afn, "the puzzle's position");
  const [first, reply, last] = puzzle.solution;
  const cells = (a) => a.split("x")[0].split("-");
  await play(page, ...cells(first));
  // The reply comes by itself: the solver is to move again, elsewhere.
  const solver = puzzle.afn.split(" ")[1];
  await page.waitForFunction(([start, side]) => {
    const now = document.body.dataset.afn ?? "";
    return now !== start && now.split(" ")[1] === side;
  }, [puzzle.afn, solver], { timeout: 60_000 }).catch(() => fail(`the reply ${reply} never came`));
  console.log(`puzzle ${puzzle.id}: ${first}, the reply ${reply}, then ${last}`);
  await play(page, ...cells(last));
  await state("solved");
  if (errors.length) fail(`puzzle: page errors:\n${errors.join("\n")}`);
  await context.close();
}

await browser.close();
console.log("PASS");
