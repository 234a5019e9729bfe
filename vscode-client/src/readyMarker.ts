/**
 * What the bundled servers (a venv made from wheels, bundledServer.ts; the frozen server unpacked,
 * frozenServer.ts) share: a folder in the extension's global storage is built under a temporary
 * name and renamed into place with a ready marker inside, so an interrupted first start leaves
 * nothing half-made behind and a later start knows at once whether the folder is usable.
 * Plain node (no `vscode` import) so that `npm test` can run it.
 */
import * as fs from "fs";
import * as path from "path";

export const READY_FILE = "edgegram-ready.json";

/** The ready marker of `dir`, or undefined when it has none (not made yet, or left half-made). */
export function readReadyMarker(dir: string): Record<string, unknown> | undefined {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(dir, READY_FILE), "utf8"));
    return typeof marker === "object" && marker !== null ? marker : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes `dir` with `build(building)`, which fills a temporary folder beside it (`<dir>.partial-<pid>`);
 * writes the ready marker into it and renames it into place. When the rename fails because another
 * window finished first, `isReady()` says whether its folder will do; otherwise the error is thrown.
 * The temporary folder is removed in every case.
 */
export async function buildReadyFolder(
  dir: string,
  marker: Record<string, unknown>,
  build: (building: string) => Promise<void>,
  isReady: () => boolean,
): Promise<void> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const building = `${dir}.partial-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  try {
    await build(building);
    fs.writeFileSync(path.join(building, READY_FILE), JSON.stringify(marker));
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(building, dir);
    } catch (error) {
      if (!isReady()) {
        throw error; // not another window that finished first
      }
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}
