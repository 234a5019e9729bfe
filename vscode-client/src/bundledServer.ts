/**
 * The server a platform-specific .vsix brings along (scripts/build_vsix.sh): wheels of edgegram
 * (the model included) and of its dependencies in `server/wheels`, installed on first start
 * into a private venv in the extension's global storage, with no network. Plain node (no
 * `vscode` import) so that `npm test` can run it.
 */
import * as childProcess from "child_process";
import * as fs from "fs";
import * as path from "path";
import { buildReadyFolder, readReadyMarker } from "./readyMarker";

/** `server/manifest.json`, written by scripts/build_vsix.sh. */
export interface BundleManifest {
  target: string;
  /** Python versions ("3.10", ...) whose dependency wheels are bundled. */
  pythons: string[];
  project_wheel: string;
  pip_wheel: string;
  wheels: string[];
}

export interface Bundle {
  manifest: BundleManifest;
  wheelsDir: string;
}

export interface PythonCandidate {
  /** An executable path. */
  path: string;
  /** Where it came from, for messages ("the Python extension's interpreter", "python3 on PATH"). */
  origin: string;
}

export interface FoundPython extends PythonCandidate {
  version: string;
}

/** Runs a program, resolving with its stdout; rejects with an Error carrying its output. */
export type Runner = (command: string, args: string[]) => Promise<string>;

/** Why the bundled server cannot be set up; shown to the user as is. */
export class BundledServerError extends Error {}

export const MIN_PYTHON = "3.10";

/** The bundle inside an installed extension, or undefined for the universal .vsix. */
export function readBundle(extensionPath: string): Bundle | undefined {
  const serverDir = path.join(extensionPath, "server");
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, "manifest.json"), "utf8")) as BundleManifest;
    return { manifest, wheelsDir: path.join(serverDir, "wheels") };
  } catch {
    return undefined;
  }
}

export function runProgram(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    childProcess.execFile(command, args, { maxBuffer: 16 * 1024 * 1024, timeout: 600_000 }, (error, stdout, stderr) => {
      if (error) {
        const output = `${stderr}${stdout}`.trim().split("\n").slice(-8).join("\n");
        reject(new Error(`${path.basename(command)} ${args.join(" ")} failed: ${output || error.message}`));
      } else {
        resolve(stdout);
      }
    });
  });
}

function versionKey(version: string): number {
  const [major, minor] = version.split(".").map(Number);
  return major * 1000 + minor;
}

/**
 * The first candidate that runs and is a Python the bundle has wheels for; a BundledServerError
 * naming every candidate and what was wrong with it when there is none.
 */
export async function pickPython(
  candidates: PythonCandidate[],
  supported: string[],
  run: Runner = runProgram,
): Promise<FoundPython> {
  const tried: string[] = [];
  for (const candidate of candidates) {
    let version: string;
    try {
      version = (await run(candidate.path, ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"])).trim();
    } catch {
      tried.push(`${candidate.origin} (${candidate.path}) does not run`);
      continue;
    }
    if (versionKey(version) < versionKey(MIN_PYTHON)) {
      tried.push(`${candidate.origin} (${candidate.path}) is Python ${version}`);
    } else if (!supported.includes(version)) {
      tried.push(`${candidate.origin} (${candidate.path}) is Python ${version}, which this build has no wheels for`);
    } else {
      return { ...candidate, version };
    }
  }
  const found = tried.length > 0 ? `; ${tried.join("; ")}` : "; no python3 on PATH and no interpreter selected in the Python extension";
  throw new BundledServerError(
    `edgegram: its bundled language server needs Python ${supported.join(", ")} (at least ${MIN_PYTHON})${found}. ` +
      "Install one (python.org, or your system's python3 package), select it with the Python extension, " +
      "or set edgegram.server.pythonPath to it.",
  );
}

/** Interpreters to try, best first: the Python extension's choice, then python3 (python) on PATH. */
export function findPythons(
  selected: string | undefined,
  onPath: (name: string) => string | undefined,
  platform: NodeJS.Platform = process.platform,
): PythonCandidate[] {
  const candidates: PythonCandidate[] = [];
  if (selected) {
    candidates.push({ path: selected, origin: "the Python extension's interpreter" });
  }
  for (const name of platform === "win32" ? ["python", "py"] : ["python3", "python"]) {
    const found = onPath(name);
    if (found !== undefined && !candidates.some((c) => c.path === found)) {
      candidates.push({ path: found, origin: `${name} on PATH` });
      break;
    }
  }
  return candidates;
}

/** The interpreter inside a venv. */
export function venvPython(envDir: string, platform: NodeJS.Platform = process.platform): string {
  return platform === "win32" ? path.join(envDir, "Scripts", "python.exe") : path.join(envDir, "bin", "python");
}

/** The private environment's folder for this bundle and Python version. */
export function environmentDir(storageDir: string, manifest: BundleManifest, pythonVersion: string): string {
  const project = manifest.project_wheel.split("-").slice(0, 2).join("-"); // edgegram-0.1.0
  return path.join(storageDir, `${project}-py${pythonVersion}`);
}

/** The ready environment's interpreter, or undefined when it has to be (re)created. */
export function readyEnvironment(envDir: string, manifest: BundleManifest): string | undefined {
  const python = venvPython(envDir);
  const ready = readReadyMarker(envDir);
  return ready?.project_wheel === manifest.project_wheel && fs.existsSync(python) ? python : undefined;
}

/**
 * Creates the private venv from the bundled wheels with `python` (no pip needed in it: pip runs
 * from its bundled wheel) and returns its interpreter. Built in a temporary folder and renamed
 * into place, so an interrupted first start leaves nothing half-made behind.
 */
export async function createEnvironment(
  bundle: Bundle,
  python: FoundPython,
  storageDir: string,
  report: (message: string) => void,
  run: Runner = runProgram,
): Promise<string> {
  const envDir = environmentDir(storageDir, bundle.manifest, python.version);
  const existing = readyEnvironment(envDir, bundle.manifest);
  if (existing !== undefined) {
    return existing;
  }
  const marker = { project_wheel: bundle.manifest.project_wheel, python: python.path, version: python.version };
  await buildReadyFolder(
    envDir,
    marker,
    async (building) => {
      report(`creating a private Python ${python.version} environment with ${python.path}`);
      await run(python.path, ["-m", "venv", "--without-pip", building]);
      report("installing edgegram and its dependencies from the bundled wheels (no network)");
      const pipMain = path.join(bundle.wheelsDir, bundle.manifest.pip_wheel, "pip");
      await run(venvPython(building), [
        pipMain, "install", "--isolated", "--no-index", "--find-links", bundle.wheelsDir, "--no-cache-dir",
        "--disable-pip-version-check", "--no-warn-script-location", "--quiet",
        path.join(bundle.wheelsDir, bundle.manifest.project_wheel),
      ]);
      report("checking the installation");
      await run(venvPython(building), ["-c", "import edgegram.cli, edgegram.engine, edgegram.lsp_server.main"]);
    },
    () => readyEnvironment(envDir, bundle.manifest) !== undefined, // another window finished first: use its environment
  );
  const ready = readyEnvironment(envDir, bundle.manifest);
  if (ready === undefined) {
    throw new BundledServerError(`edgegram: setting up its server in ${envDir} failed`);
  }
  return ready;
}
