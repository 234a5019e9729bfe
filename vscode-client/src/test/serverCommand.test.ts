/** Unit tests of the server command lookup (plain node: `npm test`). */
import * as assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import { tempDir as makeTempDir } from "./tempDirs";
import { resolveServerCommand, ServerNotConfiguredError, ServerNotFoundError } from "../serverCommand";

function tempDir(): string {
  return makeTempDir("edgegram-client-test");
}

function executable(dir: string, name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, "#!/bin/sh\n");
  fs.chmodSync(file, 0o755);
  return file;
}

const none = { command: [], pythonPath: "", workspaceFolder: undefined };

test("the command setting wins, with its arguments and ${workspaceFolder} expanded", () => {
  const dir = tempDir();
  const server = executable(dir, "my-server");
  const resolved = resolveServerCommand(
    { ...none, command: ["${workspaceFolder}/my-server", "serve", "--x=${workspaceFolder}"], workspaceFolder: dir },
    { PATH: "" },
  );
  assert.equal(resolved.command, server);
  assert.deepEqual(resolved.args, ["serve", `--x=${dir}`]);
  assert.match(resolved.origin, /edgegram\.server\.command/);
});

test("a command setting naming a missing program is a clear error naming the setting", () => {
  assert.throws(
    () => resolveServerCommand({ ...none, command: ["no-such-edgegram-binary"] }, { PATH: tempDir() }),
    (error: unknown) =>
      error instanceof ServerNotFoundError &&
      error.message.includes("no-such-edgegram-binary") &&
      error.message.includes("edgegram.server.command"),
  );
});

test("the Python setting starts `python -m edgegram serve`", () => {
  const dir = tempDir();
  const python = executable(dir, "python3");
  const resolved = resolveServerCommand({ ...none, pythonPath: python }, { PATH: "" });
  assert.equal(resolved.command, python);
  assert.deepEqual(resolved.args, ["-m", "edgegram", "serve"]);
});

test("without settings, `edgegram serve` is found on PATH", () => {
  const empty = tempDir();
  const dir = tempDir();
  const edgegram = executable(dir, "edgegram");
  const resolved = resolveServerCommand(none, { PATH: [empty, dir].join(path.delimiter) });
  assert.equal(resolved.command, edgegram);
  assert.deepEqual(resolved.args, ["serve"]);
});

test("a file that is not executable is not taken for the server", () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, "edgegram"), "not a program");
  assert.throws(() => resolveServerCommand(none, { PATH: dir }), ServerNotFoundError);
});

test("with nothing found, the error says how to install", () => {
  assert.throws(
    () => resolveServerCommand(none, { PATH: tempDir() }),
    (error: unknown) =>
      error instanceof ServerNotConfiguredError && error.message.includes(".vsix, which brings its server") &&
      error.message.includes("`pip install` edgegram from a clone or wheel"),
  );
});
