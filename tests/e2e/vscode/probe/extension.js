// Test-only extension for tests/e2e/vscode/run.sh. Inside code-server it opens the document (in
// every scenario); in the fix scenario it then waits for edgegram diagnostics, tells the driver
// to take the screenshot, applies the quick fix of the diagnostic on the target word through
// vscode.executeCodeActionProvider, and checks that the text is fixed and that diagnostic is
// gone. Before the fix it checks the rule edgegramE2E.rule: shown with its id as the code and a
// link to its entry in the rules reference, or, with edgegramE2E.ruleOff (disabledRules names
// it), not shown. It writes <resultsDir>/verdict.json, diagnostics.json when the first diagnostic on the target
// arrived, and environment.json (the extension host's PATH and what python3 / edgegram it finds there).
"use strict";
const fs = require("fs");
const path = require("path");
const vscode = require("vscode");

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(what, timeoutMs, condition) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await sleep(100);
  }
}

function edgegramDiagnostics(uri) {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === "edgegram");
}

/** Writes JSON the driver polls for: into a temporary file renamed into place, so that the driver
 * never reads a half-written file (it did: "Unexpected end of JSON input" in a CI run). */
function writeResult(resultsDir, name, value) {
  const file = path.join(resultsDir, name);
  fs.writeFileSync(`${file}.partial`, JSON.stringify(value, null, 2));
  fs.renameSync(`${file}.partial`, file);
}

/** Where `name` is on the extension host's PATH, or null. */
function onPath(name) {
  for (const dir of (process.env.PATH || "").split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

async function run(config, log) {
  const timeoutMs = config.get("timeoutMs");
  const target = config.get("target");
  const uri = vscode.Uri.file(config.get("document"));
  const resultsDir = config.get("resultsDir");
  // What the extension host sees: the bundled scenario checks that no Python and no edgegram is there.
  const environment = { PATH: process.env.PATH, python3: onPath("python3"), python: onPath("python"), edgegram: onPath("edgegram") };
  writeResult(resultsDir, "environment.json", environment);

  const document = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(document);
  log(`opened ${uri.fsPath} (${document.languageId})`);
  const offset = document.getText().indexOf(target);
  if (offset < 0) {
    throw new Error(`target ${JSON.stringify(target)} is not in the document`);
  }
  const position = document.positionAt(offset);

  const diagnostic = await waitFor(`an edgegram diagnostic on ${JSON.stringify(target)}`, timeoutMs, () =>
    edgegramDiagnostics(uri).find((d) => d.range.contains(position)),
  );
  await checkRule(config, uri, log);
  const before = edgegramDiagnostics(uri);
  log(`${before.length} diagnostics: ${before.map((d) => d.message).join(" | ")}`);

  // The driver takes its screenshot of the squiggles now.
  editor.selection = new vscode.Selection(position, position);
  writeResult(resultsDir, "diagnostics.json", before.map((d) => d.message));
  await waitFor("the screenshot", timeoutMs, () => fs.existsSync(path.join(resultsDir, "screenshot-taken")));

  const actions = await vscode.commands.executeCommand(
    "vscode.executeCodeActionProvider",
    uri,
    diagnostic.range,
    vscode.CodeActionKind.QuickFix.value,
  );
  log(`code actions: ${actions.map((a) => a.title).join(" | ")}`);
  // The command's results carry no diagnostics: the fix is the preferred action whose edit
  // replaces exactly the diagnostic's range.
  const editsRange = (action) =>
    action.edit.entries().some(([, edits]) => edits.some((e) => e.range.isEqual(diagnostic.range)));
  const fix = actions.find((a) => a.isPreferred && a.edit && editsRange(a));
  if (!fix) {
    throw new Error("no preferred quick fix with an edit for the diagnostic");
  }
  if (!(await vscode.workspace.applyEdit(fix.edit))) {
    throw new Error(`applying "${fix.title}" failed`);
  }
  const fixed = document.getText();
  log(`applied "${fix.title}": ${JSON.stringify(fixed.trim())}`);
  if (fixed.includes(target)) {
    throw new Error(`the fix left ${JSON.stringify(target)} in the text`);
  }
  await waitFor("the fixed diagnostic to disappear", timeoutMs, () => {
    const now = edgegramDiagnostics(uri);
    return now.length === before.length - 1 && !now.some((d) => d.message === diagnostic.message);
  });
  return { before: before.length, after: before.length - 1, fix: fix.title, text: fixed };
}

/** The rule edgegramE2E.rule: its diagnostic (found by edgegramE2E.ruleText) carries the rule's id
 * as its code and links to the rule's entry in the rules reference; with edgegramE2E.ruleOff it is
 * not shown (the first diagnostics may predate the settings: they get a moment to apply). */
async function checkRule(config, uri, log) {
  const rule = config.get("rule");
  const text = config.get("ruleText");
  const ruleDiagnostic = () => edgegramDiagnostics(uri).find((d) => d.message.includes(text));
  if (config.get("ruleOff")) {
    const deadline = Date.now() + 5000;
    while (ruleDiagnostic() && Date.now() < deadline) {
      await sleep(100);
    }
    if (ruleDiagnostic()) {
      throw new Error(`${rule} is switched off, yet a diagnostic says ${JSON.stringify(text)}`);
    }
    log(`${rule} switched off: no diagnostic says ${JSON.stringify(text)}`);
    return;
  }
  const d = await waitFor(`the ${rule} diagnostic`, config.get("timeoutMs"), ruleDiagnostic);
  const code = d.code && typeof d.code === "object" ? d.code : { value: d.code };
  const target = code.target ? code.target.toString() : "";
  if (code.value !== rule || !/rules\.md#L\d+$/.test(target)) {
    throw new Error(`the ${rule} diagnostic has code ${JSON.stringify(code.value)} and link ${JSON.stringify(target)}`);
  }
  log(`${rule}: code ${code.value}, link ${target}`);
}

async function activate() {
  const config = vscode.workspace.getConfiguration("edgegramE2E");
  const resultsDir = config.get("resultsDir");
  if (!resultsDir) {
    // The message scenarios: open the document as a writer would, which is what activates
    // edgegram (onLanguage:markdown). Without it, activation hung on whatever plain-text model
    // VS Code happened to create at startup, and a run where none appeared timed out.
    const document = config.get("document");
    if (document) {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(document)));
    }
    return;
  }
  const steps = [];
  const log = (line) => steps.push(line);
  let verdict;
  try {
    verdict = { ok: true, ...(await run(config, log)), steps };
  } catch (error) {
    verdict = { ok: false, error: String(error && error.message ? error.message : error), steps };
  }
  writeResult(resultsDir, "verdict.json", verdict);
}

module.exports = { activate, deactivate() {} };
