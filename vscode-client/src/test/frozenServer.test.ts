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
import { frozenDir, FrozenBundle, readFrozenBundle, TarExtractor, unpackFrozenServer, untar } from "../frozenServer";

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

/** An installed extension's server/: the archive, and `plain` files as they are (path -> [text, mode]). */
function bundleOf(archive: Buffer, sha256?: string, plain: Record<string, [string, number]> = {}): FrozenBundle {
  const serverDir = path.join(tempDir(), "server");
  fs.mkdirSync(serverDir);
  const packed = zlib.brotliCompressSync(archive);
  fs.writeFileSync(path.join(serverDir, "edgegram-linux-x64.tar.br"), packed);
  const files: Record<string, [number, number]> = {};
  for (const [name, [text, mode]] of Object.entries(plain)) {
    fs.mkdirSync(path.dirname(path.join(serverDir, name)), { recursive: true });
    fs.writeFileSync(path.join(serverDir, name), text, { mode });
    files[name] = [mode, Buffer.byteLength(text)];
  }
  const archiveSha256 = crypto.createHash("sha256").update(packed).digest("hex");
  const manifest = {
    target: "linux-x64",
    version: "0.1.0",
    archive: "edgegram-linux-x64.tar.br",
    sha256: sha256 ?? archiveSha256,
    executable: "edgegram/edgegram",
    files,
    id: crypto.createHash("sha256").update(archiveSha256 + JSON.stringify(plain)).digest("hex"),
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

test("the extractor takes the archive in chunks of any size", () => {
  const archive = tarOfServer();
  const dest = tempDir();
  const extractor = new TarExtractor(dest);
  for (let offset = 0; offset < archive.length; offset += 7) {
    extractor.write(archive.subarray(offset, offset + 7));
  }
  extractor.end();
  assert.equal(extractor.files, 2);
  assert.equal(fs.readFileSync(path.join(dest, "edgegram", "_internal", "model", "model.json"), "utf8"), '{"d": 1}');
  const cut = new TarExtractor(tempDir());
  cut.write(archive.subarray(0, 2000)); // its files take the first 3,584 bytes
  assert.throws(() => cut.end(), /before its end/);
});

test("the plain files are linked in beside the archive's, with their modes", async () => {
  const storage = tempDir();
  const plain: Record<string, [string, number]> = {
    "edgegram/_internal/lib/libbig.so": ["ELF", 0o755],
    "edgegram/_internal/words/en.txt": ["the 1\n", 0o644],
  };
  const bundle = bundleOf(tarOfServer(), undefined, plain);
  const messages: string[] = [];
  const executable = await unpackFrozenServer(bundle, storage, (m) => messages.push(m));
  assert.equal(childProcess.execFileSync(executable, ["serve"], { encoding: "utf8" }), "frozen edgegram serve\n");
  assert.match(messages.join("\n"), /unpacked 2 files and placed 2/);
  const dir = frozenDir(storage, bundle.manifest);
  for (const [name, [text, mode]] of Object.entries(plain)) {
    const placed = path.join(dir, name);
    assert.equal(fs.readFileSync(placed, "utf8"), text);
    assert.equal(fs.statSync(placed).mode & 0o777, mode);
    assert.equal(fs.statSync(placed).ino, fs.statSync(path.join(bundle.serverDir, name)).ino); // a link, not a copy
  }
  assert.deepEqual(fs.readdirSync(storage), [path.basename(dir)]);
});

test("a plain file of the wrong size is refused and leaves nothing behind", async () => {
  const storage = tempDir();
  const bundle = bundleOf(tarOfServer(), undefined, { "edgegram/_internal/words/en.txt": ["the 1\n", 0o644] });
  fs.writeFileSync(path.join(bundle.serverDir, "edgegram/_internal/words/en.txt"), "cut");
  await assert.rejects(unpackFrozenServer(bundle, storage, () => undefined), /is damaged \(3 bytes, not 6\)/);
  assert.deepEqual(fs.readdirSync(storage), []);
});
