/** Unit tests of the bundled server's set-up (plain node: `npm test`); the real thing runs in
 * tests/e2e/vscode/run.sh (scenario "bundled"). */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { tempDir as makeTempDir } from "./tempDirs";
import {
  Bundle,
  BundledServerError,
  createEnvironment,
  environmentDir,
  findPythons,
  pickPython,
  readBundle,
  venvPython,
} from "../bundledServer";

function tempDir(): string {
  return makeTempDir("edgegram-bundle-test");
}

const manifest = {
  target: "linux-x64",
  pythons: ["3.10", "3.11", "3.12", "3.13"],
  project_wheel: "edgegram-0.1.0-py3-none-any.whl",
  pip_wheel: "pip-25.3-py3-none-any.whl",
  wheels: [],
};

function versions(table: Record<string, string>) {
  return async (command: string) => {
    if (!(command in table)) {
      throw new Error("ENOENT");
    }
    return `${table[command]}\n`;
  };
}

test("the Python extension's interpreter comes first, then python3 on PATH, once each", () => {
  const onPath = (name: string) => (name === "python3" ? "/usr/bin/python3" : undefined);
  assert.deepEqual(findPythons("/venv/bin/python", onPath, "linux").map((c) => c.path), ["/venv/bin/python", "/usr/bin/python3"]);
  assert.deepEqual(findPythons("/usr/bin/python3", onPath, "linux").map((c) => c.path), ["/usr/bin/python3"]);
  assert.deepEqual(findPythons(undefined, () => undefined, "linux"), []);
});

test("the first supported Python >= 3.10 is picked; older and missing ones are skipped", async () => {
  const candidates = [
    { path: "/gone/python", origin: "the Python extension's interpreter" },
    { path: "/old/python3", origin: "python3 on PATH" },
    { path: "/new/python3", origin: "python on PATH" },
  ];
  const python = await pickPython(candidates, manifest.pythons, versions({ "/old/python3": "3.8", "/new/python3": "3.12" }));
  assert.equal(python.path, "/new/python3");
  assert.equal(python.version, "3.12");
});

test("no usable Python is a clear message naming what was found", async () => {
  const run = versions({ "/usr/bin/python3": "3.9" });
  await assert.rejects(
    pickPython([{ path: "/usr/bin/python3", origin: "python3 on PATH" }], manifest.pythons, run),
    (error: Error) =>
      error instanceof BundledServerError && /at least 3\.10/.test(error.message) &&
      error.message.includes("/usr/bin/python3) is Python 3.9"),
  );
  await assert.rejects(pickPython([], manifest.pythons, run), /no python3 on PATH/);
  await assert.rejects(
    pickPython([{ path: "/p", origin: "python3 on PATH" }], manifest.pythons, versions({ "/p": "3.14" })),
    /3\.14, which this build has no wheels for/,
  );
});

test("readBundle reads server/manifest.json and is undefined for the universal .vsix", () => {
  const dir = tempDir();
  assert.equal(readBundle(dir), undefined);
  fs.mkdirSync(path.join(dir, "server"));
  fs.writeFileSync(path.join(dir, "server", "manifest.json"), JSON.stringify(manifest));
  assert.deepEqual(readBundle(dir), { manifest, wheelsDir: path.join(dir, "server", "wheels") });
});

/** A runner that fakes `python -m venv` (makes bin/python) and records every call. */
function fakeRunner(failOn?: string) {
  const calls: string[][] = [];
  const run = async (command: string, args: string[]) => {
    calls.push([command, ...args]);
    if (failOn !== undefined && args.some((a) => a === failOn)) {
      throw new Error(`${failOn} failed`);
    }
    if (args[0] === "-m" && args[1] === "venv") {
      const envDir = args[args.length - 1];
      fs.mkdirSync(path.dirname(venvPython(envDir)), { recursive: true });
      fs.writeFileSync(venvPython(envDir), "");
    }
    return "";
  };
  return { calls, run };
}

test("the environment is made once from the bundled wheels, offline, and then re-used", async () => {
  const storage = tempDir();
  const bundle: Bundle = { manifest, wheelsDir: "/ext/server/wheels" };
  const python = { path: "/usr/bin/python3", origin: "python3 on PATH", version: "3.11" };
  const { calls, run } = fakeRunner();
  const messages: string[] = [];
  const envPython = await createEnvironment(bundle, python, storage, (m) => messages.push(m), run);
  const envDir = environmentDir(storage, manifest, "3.11");
  assert.equal(envPython, venvPython(envDir));
  assert.equal(path.basename(envDir), "edgegram-0.1.0-py3.11");
  assert.deepEqual(calls[0].slice(0, 4), ["/usr/bin/python3", "-m", "venv", "--without-pip"]);
  const install = calls[1];
  assert.equal(install[1], path.join("/ext/server/wheels", manifest.pip_wheel, "pip"));
  for (const flag of ["install", "--no-index", "--find-links"]) {
    assert.ok(install.includes(flag), `pip install lacks ${flag}: ${install.join(" ")}`);
  }
  assert.equal(install[install.length - 1], path.join("/ext/server/wheels", manifest.project_wheel));
  assert.ok(messages.length >= 2 && messages.some((m) => m.includes("no network")));
  assert.deepEqual(fs.readdirSync(storage), ["edgegram-0.1.0-py3.11"]); // no partial folder left

  const again = fakeRunner();
  assert.equal(await createEnvironment(bundle, python, storage, () => undefined, again.run), envPython);
  assert.equal(again.calls.length, 0);
});

test("a failed install leaves nothing behind and says what failed", async () => {
  const storage = tempDir();
  const bundle: Bundle = { manifest, wheelsDir: "/ext/server/wheels" };
  const python = { path: "/usr/bin/python3", origin: "python3 on PATH", version: "3.11" };
  const { run } = fakeRunner("--no-index");
  await assert.rejects(createEnvironment(bundle, python, storage, () => undefined, run), /--no-index failed/);
  assert.deepEqual(fs.readdirSync(storage), []);
});
