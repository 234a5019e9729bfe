/**
 * The server a linux-x64 .vsix brings (scripts/build_vsix.sh): `edgegram` frozen with PyInstaller
 * (scripts/freeze_server.py), the model inside, needing no Python. It travels as one
 * brotli-compressed tar, `server/<archive>` (a third smaller than the .vsix's own zip compression
 * would make the folder), is unpacked once into the extension's global storage, and started directly.
 * Plain node (no `vscode` import) so that `npm test` can run it.
 */
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import * as util from "util";
import * as zlib from "zlib";

/** `server/frozen.json`, written by scripts/build_vsix.sh. */
export interface FrozenManifest {
  target: string;
  version: string;
  /** The archive's file name in `server/`: a tar of the folder `edgegram/`, brotli-compressed. */
  archive: string;
  /** sha256 of the archive: a rebuilt .vsix of the same version is unpacked afresh. */
  sha256: string;
  /** The executable inside the archive, e.g. `edgegram/edgegram`. */
  executable: string;
}

export interface FrozenBundle {
  manifest: FrozenManifest;
  archivePath: string;
}

const READY_FILE = "edgegram-ready.json";
const brotliDecompress = util.promisify(zlib.brotliDecompress);

/** The frozen server inside an installed extension, or undefined (wheels or universal .vsix). */
export function readFrozenBundle(extensionPath: string): FrozenBundle | undefined {
  const serverDir = path.join(extensionPath, "server");
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, "frozen.json"), "utf8")) as FrozenManifest;
    return { manifest, archivePath: path.join(serverDir, manifest.archive) };
  } catch {
    return undefined;
  }
}

/** Where this archive is unpacked: one folder per version, target and content. */
export function frozenDir(storageDir: string, manifest: FrozenManifest): string {
  return path.join(storageDir, `edgegram-${manifest.version}-${manifest.target}-${manifest.sha256.slice(0, 12)}`);
}

/** The unpacked server's executable, or undefined when the archive has to be unpacked. */
export function readyFrozenServer(dir: string, manifest: FrozenManifest): string | undefined {
  const executable = path.join(dir, manifest.executable);
  try {
    const ready = JSON.parse(fs.readFileSync(path.join(dir, READY_FILE), "utf8"));
    if (ready.sha256 === manifest.sha256 && fs.existsSync(executable)) {
      return executable;
    }
  } catch {
    // not unpacked yet, or left half-made by an interrupted first start
  }
  return undefined;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
}

/**
 * Writes the files and folders of a ustar archive under `dest` (modes kept, so executables stay
 * executable) and returns how many files it wrote. Links and names that leave `dest` are refused.
 */
export function untar(archive: Buffer, dest: string): number {
  let files = 0;
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) {
      break;
    }
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const mode = parseInt(field(header, 100, 8), 8) & 0o777;
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = field(header, 156, 1) || "0";
    const target = path.resolve(dest, name);
    if (target !== dest && !target.startsWith(dest + path.sep)) {
      throw new Error(`the archive names a path outside its folder: ${name}`);
    }
    offset += 512;
    if (type === "5") {
      fs.mkdirSync(target, { recursive: true });
    } else if (type === "0") {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, archive.subarray(offset, offset + size), { mode });
      files += 1;
    } else {
      throw new Error(`the archive holds ${name} of tar type '${type}', which is not a file or folder`);
    }
    offset += Math.ceil(size / 512) * 512;
  }
  return files;
}

/**
 * The frozen server's executable, unpacked into `storageDir` on first use (in a temporary folder
 * renamed into place, so an interrupted first start leaves nothing half-made behind).
 */
export async function unpackFrozenServer(
  bundle: FrozenBundle,
  storageDir: string,
  report: (message: string) => void,
): Promise<string> {
  const dir = frozenDir(storageDir, bundle.manifest);
  const existing = readyFrozenServer(dir, bundle.manifest);
  if (existing !== undefined) {
    return existing;
  }
  fs.mkdirSync(storageDir, { recursive: true });
  const building = `${dir}.partial-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  try {
    const compressed = await fs.promises.readFile(bundle.archivePath);
    const sha256 = crypto.createHash("sha256").update(compressed).digest("hex");
    if (sha256 !== bundle.manifest.sha256) {
      throw new Error(`${bundle.archivePath} is damaged (its sha256 is ${sha256}, not ${bundle.manifest.sha256})`);
    }
    const files = untar(await brotliDecompress(compressed), path.resolve(building));
    report(`unpacked ${files} files into ${dir}`);
    fs.writeFileSync(path.join(building, READY_FILE), JSON.stringify({ sha256 }));
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(building, dir);
    } catch (error) {
      if (readyFrozenServer(dir, bundle.manifest) === undefined) {
        throw error; // not another window that finished first
      }
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  const ready = readyFrozenServer(dir, bundle.manifest);
  if (ready === undefined) {
    throw new Error(`unpacking the server into ${dir} failed`);
  }
  removeOtherUnpackings(storageDir, dir, bundle.manifest.target);
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
