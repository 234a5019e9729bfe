/** Temporary folders for the unit tests, removed when the test file's tests are done. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after } from "node:test";

const made: string[] = [];
after(() => made.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A new empty folder in the system's temporary folder, named PREFIX-XXXXXX. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  made.push(dir);
  return dir;
}
