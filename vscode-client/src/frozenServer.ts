/**
 * The server a linux-x64 .vsix brings (scripts/build_vsix.sh): `edgegram` frozen with PyInstaller
 * (scripts/freeze_server.py), the model inside, needing no Python. Its folder travels in two parts
 * (scripts/stage_frozen.cjs): most files as they are, in `server/edgegram/`, which VS Code unpacks
 * when it installs the extension; and the few large libraries that brotli compresses much better
 * than the .vsix's own zip (ONNX Runtime, OpenBLAS) in one brotli-compressed tar, `server/<archive>`,
 * which keeps the .vsix under 70 MB. On first start the folder is put together once in the
 * extension's global storage — the plain files hard-linked (copied where the file system cannot
 * link), the archive streamed through brotli into files meanwhile — and started directly.
 * Plain node (no `vscode` import) so that `npm test` can run it.
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { Writable } from "stream";
import { pipeline } from "stream/promises";
import * as zlib from "zlib";
import { buildReadyFolder, readReadyMarker } from "./readyMarker";

/** `server/frozen.json`, written by scripts/stage_frozen.cjs. */
export interface FrozenManifest {
  target: string;
  version: string;
  /** The archive's file name in `server/`: a ustar of some of the folder's files, brotli-compressed. */
  archive: string;
  /** sha256 of the archive. */
  sha256: string;
  /** The folder's other files, in `server/` as they are: path (e.g. `edgegram/_internal/...`) -> [mode, size]. */
  files?: Record<string, [number, number]>;
  /** sha256 of the whole folder's contents: a rebuilt .vsix is put together afresh (the archive's sha256 if absent). */
  id?: string;
  /** The executable, e.g. `edgegram/edgegram`. */
  executable: string;
}

export interface FrozenBundle {
  manifest: FrozenManifest;
  /** The extension's `server/` folder. */
  serverDir: string;
  archivePath: string;
}

/** The frozen server inside an installed extension, or undefined (wheels or universal .vsix). */
export function readFrozenBundle(extensionPath: string): FrozenBundle | undefined {
  const serverDir = path.join(extensionPath, "server");
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, "frozen.json"), "utf8")) as FrozenManifest;
    return { manifest, serverDir, archivePath: path.join(serverDir, manifest.archive) };
  } catch {
    return undefined;
  }
}

function contentId(manifest: FrozenManifest): string {
  return manifest.id ?? manifest.sha256;
}

/** Where this server is put together: one folder per version, target and content. */
export function frozenDir(storageDir: string, manifest: FrozenManifest): string {
  return path.join(storageDir, `edgegram-${manifest.version}-${manifest.target}-${contentId(manifest).slice(0, 12)}`);
}

/** The unpacked server's executable, or undefined when it has to be unpacked. */
export function readyFrozenServer(dir: string, manifest: FrozenManifest): string | undefined {
  const executable = path.join(dir, manifest.executable);
  const ready = readReadyMarker(dir);
  return ready?.sha256 === contentId(manifest) && fs.existsSync(executable) ? executable : undefined;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
}

/**
 * Writes the files and folders of a ustar archive under `dest` as its bytes arrive (`write`, any
 * chunk sizes; `end` when they are all there), modes kept so executables stay executable. Links
 * and names that leave `dest` are refused.
 */
export class TarExtractor {
  files = 0;
  private header = Buffer.alloc(0);
  private fd: number | undefined;
  private name = "";
  private remaining = 0; // bytes of the current file still to write
  private skip = 0; // padding to the next 512-byte block
  private finished = false;

  constructor(private readonly dest: string) {}

  write(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length && !this.finished) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - offset);
        fs.writeSync(this.fd as number, chunk, offset, n);
        offset += n;
        this.remaining -= n;
        if (this.remaining === 0) {
          this.closeFile();
        }
      } else if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - offset);
        offset += n;
        this.skip -= n;
      } else {
        const n = Math.min(512 - this.header.length, chunk.length - offset);
        this.header = Buffer.concat([this.header, chunk.subarray(offset, offset + n)]);
        offset += n;
        if (this.header.length === 512) {
          const header = this.header;
          this.header = Buffer.alloc(0);
          this.entry(header);
        }
      }
    }
  }

  /** Throws when the archive stopped before its end block (inside a file, or between two). */
  end(): void {
    this.closeFile();
    if (!this.finished) {
      throw new Error(`the archive ends inside ${this.remaining > 0 ? this.name : "it"}, before its end`);
    }
  }

  private closeFile(): void {
    if (this.fd !== undefined) {
      fs.closeSync(this.fd);
      this.fd = undefined;
    }
  }

  private entry(header: Buffer): void {
    if (header.every((byte) => byte === 0)) {
      this.finished = true;
      return;
    }
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const mode = parseInt(field(header, 100, 8), 8) & 0o777;
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = field(header, 156, 1) || "0";
    const target = path.resolve(this.dest, name);
    if (target !== this.dest && !target.startsWith(this.dest + path.sep)) {
      throw new Error(`the archive names a path outside its folder: ${name}`);
    }
    if (type === "5") {
      fs.mkdirSync(target, { recursive: true });
    } else if (type === "0") {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      this.name = name;
      this.fd = fs.openSync(target, "w", mode);
      this.remaining = size;
      this.skip = (512 - (size % 512)) % 512;
      this.files += 1;
      if (size === 0) {
        this.closeFile();
      }
    } else {
      throw new Error(`the archive holds ${name} of tar type '${type}', which is not a file or folder`);
    }
  }
}

/**
 * Writes the files and folders of a ustar archive under `dest` (modes kept, so executables stay
 * executable) and returns how many files it wrote. Links and names that leave `dest` are refused.
 */
export function untar(archive: Buffer, dest: string): number {
  const extractor = new TarExtractor(path.resolve(dest));
  extractor.write(archive);
  extractor.end();
  return extractor.files;
}

/** Streams the brotli-compressed tar at `archivePath` into `dest`, checking its sha256; how many files it wrote. */
async function unpackArchive(archivePath: string, sha256: string, dest: string): Promise<number> {
  const hash = crypto.createHash("sha256");
  const extractor = new TarExtractor(path.resolve(dest));
  const input = fs.createReadStream(archivePath, { highWaterMark: 1 << 20 });
  input.on("data", (chunk) => hash.update(chunk as Buffer));
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        extractor.write(chunk);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  let failure: unknown;
  try {
    await pipeline(input, zlib.createBrotliDecompress({ chunkSize: 1 << 20 }), output);
    extractor.end();
  } catch (error) {
    failure = error;
  }
  if (failure !== undefined) {
    throw new Error(`${archivePath} could not be unpacked: ${failure instanceof Error ? failure.message : failure}`);
  }
  const actual = hash.digest("hex");
  if (actual !== sha256) {
    throw new Error(`${archivePath} is damaged (its sha256 is ${actual}, not ${sha256})`);
  }
  return extractor.files;
}

/** Puts the plain files of `server/` into `dest`: a hard link each, a copy where linking fails. */
async function placeFiles(serverDir: string, files: Record<string, [number, number]>, dest: string): Promise<number> {
  const made = new Set<string>();
  for (const [name, [mode, size]] of Object.entries(files)) {
    const source = path.resolve(serverDir, name);
    const target = path.resolve(dest, name);
    if (!target.startsWith(path.resolve(dest) + path.sep) || !source.startsWith(path.resolve(serverDir) + path.sep)) {
      throw new Error(`the manifest names a path outside its folder: ${name}`);
    }
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      await fs.promises.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    try {
      await fs.promises.link(source, target);
    } catch {
      await fs.promises.copyFile(source, target);
    }
    const stat = await fs.promises.stat(target);
    if (stat.size !== size) {
      throw new Error(`${source} is damaged (${stat.size} bytes, not ${size})`);
    }
    if ((stat.mode & 0o777) !== mode) {
      await fs.promises.chmod(target, mode);
    }
  }
  return Object.keys(files).length;
}

/**
 * The frozen server's executable, put together in `storageDir` on first use (in a temporary folder
 * renamed into place, so an interrupted first start leaves nothing half-made behind).
 */
export async function unpackFrozenServer(
  bundle: FrozenBundle,
  storageDir: string,
  report: (message: string) => void,
): Promise<string> {
  const manifest = bundle.manifest;
  const dir = frozenDir(storageDir, manifest);
  const existing = readyFrozenServer(dir, manifest);
  if (existing !== undefined) {
    return existing;
  }
  await buildReadyFolder(
    dir,
    { sha256: contentId(manifest) },
    async (building) => {
      fs.mkdirSync(building, { recursive: true });
      // Both at once: the links take a few milliseconds, brotli runs on libuv's thread pool.
      const [archive, plain] = await Promise.allSettled([
        unpackArchive(bundle.archivePath, manifest.sha256, building),
        placeFiles(bundle.serverDir, manifest.files ?? {}, building),
      ]);
      for (const result of [archive, plain]) {
        if (result.status === "rejected") {
          throw result.reason; // after both have stopped writing into the folder
        }
      }
      const [unpacked, placed] = [archive, plain].map((r) => (r as PromiseFulfilledResult<number>).value);
      report(`unpacked ${unpacked} files and placed ${placed} into ${dir}`);
    },
    () => readyFrozenServer(dir, manifest) !== undefined,
  );
  const ready = readyFrozenServer(dir, manifest);
  if (ready === undefined) {
    throw new Error(`unpacking the server into ${dir} failed`);
  }
  removeOtherUnpackings(storageDir, dir, manifest.target);
  return ready;
}

/** Deletes the servers earlier versions of the extension unpacked (160 MB each). */
function removeOtherUnpackings(storageDir: string, keep: string, target: string): void {
  for (const name of fs.readdirSync(storageDir)) {
    const other = path.join(storageDir, name);
    if (other !== keep && name.startsWith("edgegram-") && !name.includes(".partial-") && name.includes(`-${target}-`)) {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }
}
