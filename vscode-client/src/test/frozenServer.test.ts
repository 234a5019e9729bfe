/** Unit tests of the frozen server's unpacking (plain node: `npm test`); the real archive is
 * unpacked and started in tests/e2e/vscode/run.sh (scenario "bundled"). */
import * as assert from "node:assert/strict";
import * as childProcess from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { test } from "node:test";
import * as zlib from "node:zlib";
import { tempDir as makeTempDir } from "./tempDirs";
import { frozenDir, FrozenBundle, readFrozenBundle, unpackFrozenServer, untar } from "../frozenServer";

function tempDir(): string {
  return makeTempDir("edgegram-bundle-test");
}

/** A server folder tarred by the system's tar in ustar format, as scripts/freeze_server.py writes it. */
function tarOfServer(word = "frozen"): Buffer {
  const source = tempDir();
  fs.mkdirSync(path.join(source, "edgegram", "_internal", "model"), { recursive: true });
  fs.writeFileSync(path.join(source, "edgegram", "edgegram"), `#!/bin/sh\necho ${word} edgegram "$@"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(source, "edgegram", "_internal", "model", "model.json"), '{"d": 1}', { mode: 0o644 });
  const tar = path.join(source, "server.tar");
  childProcess.execFileSync("tar", ["--format=ustar", "-cf", tar, "-C", source, "edgegram"]);
  return fs.readFileSync(tar);
}

function bundleOf(archive: Buffer, sha256?: string): FrozenBundle {
  const serverDir = path.join(tempDir(), "server");
  fs.mkdirSync(serverDir);
  const packed = zlib.brotliCompressSync(archive);
  fs.writeFileSync(path.join(serverDir, "edgegram-linux-x64.tar.br"), packed);
  const manifest = {
    target: "linux-x64",
    version: "0.1.0",
    archive: "edgegram-linux-x64.tar.br",
    sha256: sha256 ?? crypto.createHash("sha256").update(packed).digest("hex"),
    executable: "edgegram/edgegram",
  };
  fs.writeFileSync(path.join(serverDir, "frozen.json"), JSON.stringify(manifest));
  const bundle = readFrozenBundle(path.dirname(serverDir));
  assert.ok(bundle !== undefined);
  return bundle;
}

test("readFrozenBundle is undefined without server/frozen.json", () => {
  assert.equal(readFrozenBundle(tempDir()), undefined);
});

test("untar writes files and folders with their modes", () => {
  const dest = tempDir();
  assert.equal(untar(tarOfServer(), dest), 2);
  const executable = path.join(dest, "edgegram", "edgegram");
  assert.equal(childProcess.execFileSync(executable, ["--version"], { encoding: "utf8" }), "frozen edgegram --version\n");
  assert.equal(fs.statSync(path.join(dest, "edgegram", "_internal", "model", "model.json")).mode & 0o777, 0o644);
});

test("untar refuses a name that leaves its folder, and links", () => {
  const header = (name: string, type: string) => {
    const block = Buffer.alloc(1024);
    block.write(name, 0);
    block.write("0000644\0", 100);
    block.write("00000000000\0", 124);
    block.write(type, 156);
    return block;
  };
  assert.throws(() => untar(header("../evil", "0"), tempDir()), /outside its folder/);
  assert.throws(() => untar(header("edgegram/link", "2"), tempDir()), /tar type '2'/);
});

test("the archive is unpacked once into storage, checked against its sha256, and its server runs", async () => {
  const storage = tempDir();
  const bundle = bundleOf(tarOfServer());
  const messages: string[] = [];
  const executable = await unpackFrozenServer(bundle, storage, (m) => messages.push(m));
  const dir = frozenDir(storage, bundle.manifest);
  assert.equal(executable, path.join(dir, "edgegram", "edgegram"));
  assert.equal(childProcess.execFileSync(executable, ["serve"], { encoding: "utf8" }), "frozen edgegram serve\n");
  assert.match(messages.join("\n"), /unpacked 2 files/);
  assert.deepEqual(fs.readdirSync(storage), [path.basename(dir)]); // no partial folder left

  fs.rmSync(bundle.archivePath); // a second start reads nothing
  assert.equal(await unpackFrozenServer(bundle, storage, () => assert.fail("unpacked again")), executable);
});

test("a new build is unpacked beside the old one, which is then deleted", async () => {
  const storage = tempDir();
  const old = await unpackFrozenServer(bundleOf(tarOfServer()), storage, () => undefined);
  const rebuilt = bundleOf(tarOfServer("rebuilt"));
  const executable = await unpackFrozenServer(rebuilt, storage, () => undefined);
  assert.notEqual(executable, old);
  assert.equal(childProcess.execFileSync(executable, ["serve"], { encoding: "utf8" }), "rebuilt edgegram serve\n");
  assert.deepEqual(fs.readdirSync(storage), [path.basename(frozenDir(storage, rebuilt.manifest))]);
});

test("a damaged archive is refused and leaves nothing behind", async () => {
  const storage = tempDir();
  const bundle = bundleOf(tarOfServer(), "0".repeat(64));
  await assert.rejects(unpackFrozenServer(bundle, storage, () => undefined), /is damaged/);
  assert.deepEqual(fs.readdirSync(storage), []);
});
