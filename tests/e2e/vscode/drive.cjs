// Drives code-server in headless Chromium for tests/e2e/vscode/run.sh.
//
// Scenario "fix": waits for the probe extension to report diagnostics, takes the screenshot,
// then waits for the probe's verdict. Scenario "message": waits for the edgegram status bar
// item to show an error and for a notification containing E2E_EXPECT_MESSAGE.
// Environment: PLAYWRIGHT_CORE (module path), E2E_URL, E2E_RESULTS, E2E_SCENARIO,
// E2E_SCREENSHOT (optional), E2E_EXPECT_MESSAGE, E2E_CLICK (a button of that notification), E2E_TIMEOUT_MS.
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require(process.env.PLAYWRIGHT_CORE);

const results = process.env.E2E_RESULTS;
const timeoutMs = Number(process.env.E2E_TIMEOUT_MS || 120000);

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForFile(name) {
  const file = path.join(results, name);
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for the probe's ${name}`);
    }
    await sleep(200);
  }
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

async function fixScenario(page) {
  const diagnostics = await waitForFile("diagnostics.json");
  console.log(`drive: ${diagnostics.length} diagnostics in the editor: ${diagnostics.join(" | ")}`);
  const squiggle = page.locator(".squiggly-warning, .squiggly-info, .squiggly-error").first();
  await squiggle.waitFor({ timeout: timeoutMs });
  // The extension's status bar item shows "ready" (a check mark).
  await page.locator(".statusbar-item", { hasText: "edgegram" }).locator(".codicon-check").first()
    .waitFor({ timeout: timeoutMs });
  // Hover the spelling squiggle so the screenshot shows the message and the quick fix link.
  const spelling = page.locator(".squiggly-warning").first();
  // The text layer lies above the squiggle: move the mouse onto its place like a person would.
  const box = await (await spelling.count() ? spelling : squiggle).boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y - 40);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 4, { steps: 5 });
  }
  await page.locator(".monaco-hover-content", { hasText: "edgegram" }).first().waitFor({ state: "visible", timeout: 10000 }).catch(() => {
    console.log("drive: no hover appeared; taking the screenshot without it");
  });
  await sleep(500);
  if (process.env.E2E_SCREENSHOT) {
    await page.screenshot({ path: process.env.E2E_SCREENSHOT });
    console.log(`drive: screenshot ${process.env.E2E_SCREENSHOT}`);
  }
  fs.writeFileSync(path.join(results, "screenshot-taken"), "");
  const verdict = await waitForFile("verdict.json");
  for (const step of verdict.steps) {
    console.log(`probe: ${step}`);
  }
  if (!verdict.ok) {
    throw new Error(`probe: ${verdict.error}`);
  }
  console.log(`drive: PASS: "${verdict.fix}" applied, diagnostics ${verdict.before} -> ${verdict.after}`);
}

async function messageScenario(page) {
  const expected = process.env.E2E_EXPECT_MESSAGE;
  const toast = page.locator(".notification-toast", { hasText: expected });
  await toast.first().waitFor({ timeout: timeoutMs });
  console.log(`drive: notification: ${(await toast.first().innerText()).replace(/\s+/g, " ").trim()}`);
  // The extension's status bar item shows "error".
  await page.locator(".statusbar-item", { hasText: "edgegram" }).locator(".codicon-error").first()
    .waitFor({ timeout: timeoutMs });
  const button = process.env.E2E_CLICK;
  if (button) {
    // E2E_CLICK=Install Steps: the button opens the extension's README in the Markdown preview.
    await toast.first().getByRole("button", { name: button }).click();
    const tab = page.locator(".tab", { hasText: /readme\.md/i });
    await tab.first().waitFor({ timeout: timeoutMs });
    console.log(`drive: "${button}" opened the tab "${(await tab.first().innerText()).trim()}"`);
  }
  if (process.env.E2E_SCREENSHOT) {
    await page.screenshot({ path: process.env.E2E_SCREENSHOT });
  }
  console.log("drive: PASS: the error is shown in the editor");
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  let failed;
  try {
    await page.goto(process.env.E2E_URL, { timeout: timeoutMs });
    if (process.env.E2E_SCENARIO === "message") {
      await messageScenario(page);
    } else {
      await fixScenario(page);
    }
  } catch (error) {
    failed = error;
    await page.screenshot({ path: path.join(results, "failure.png") }).catch(() => undefined);
  } finally {
    await browser.close();
  }
  if (failed) {
    console.error(`drive: FAIL: ${failed.message} (screenshot: ${path.join(results, "failure.png")})`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(`drive: FAIL: ${error.stack || error}`);
  process.exit(1);
});
