/**
 * Finds the command line that starts `edgegram serve`: the `edgegram.server.command`
 * setting, else `edgegram.server.pythonPath`, else `edgegram` on PATH (else, in a
 * platform-specific .vsix, the bundled server: bundledServer.ts).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export interface ServerCommand {
  command: string;
  args: string[];
  /** Where the command line came from, for messages. */
  origin: string;
}

export interface ServerCommandSettings {
  command: string[];
  pythonPath: string;
  workspaceFolder: string | undefined;
}

/** The reason no server command could be found; shown to the user as is. */
export class ServerNotFoundError extends Error {}

/** Nothing is configured and `edgegram` is not on PATH: a bundled server may step in. */
export class ServerNotConfiguredError extends ServerNotFoundError {}

function expand(value: string, workspaceFolder: string | undefined): string {
  let result = value;
  if (workspaceFolder !== undefined) {
    result = result.split("${workspaceFolder}").join(workspaceFolder);
  }
  if (result === "~" || result.startsWith("~/")) {
    result = path.join(os.homedir(), result.slice(1));
  }
  return result;
}

function isExecutableFile(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(file, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** The full path of `program` (a bare name looked up on PATH, or a path), or undefined. */
export function findExecutable(program: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const extensions =
    process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  const candidates = program.includes("/") || program.includes("\\")
    ? [path.resolve(program)]
    : (env.PATH ?? "").split(path.delimiter).filter((dir) => dir !== "").map((dir) => path.join(dir, program));
  for (const candidate of candidates) {
    for (const extension of extensions) {
      if (isExecutableFile(candidate + extension)) {
        return candidate + extension;
      }
    }
  }
  return undefined;
}

/** The command that starts the server, or a ServerNotFoundError saying what was tried. */
export function resolveServerCommand(
  settings: ServerCommandSettings,
  env: NodeJS.ProcessEnv = process.env,
): ServerCommand {
  const configured = settings.command.map((part) => expand(part, settings.workspaceFolder));
  if (configured.length > 0) {
    const executable = findExecutable(configured[0], env);
    if (executable === undefined) {
      throw new ServerNotFoundError(
        `edgegram: the server command "${configured[0]}" (setting edgegram.server.command) was not found or is not executable.`,
      );
    }
    return { command: executable, args: configured.slice(1), origin: "setting edgegram.server.command" };
  }
  const pythonPath = expand(settings.pythonPath.trim(), settings.workspaceFolder);
  if (pythonPath !== "") {
    const python = findExecutable(pythonPath, env);
    if (python === undefined) {
      throw new ServerNotFoundError(
        `edgegram: the Python interpreter "${pythonPath}" (setting edgegram.server.pythonPath) was not found or is not executable.`,
      );
    }
    return { command: python, args: ["-m", "edgegram", "serve"], origin: "setting edgegram.server.pythonPath" };
  }
  const onPath = findExecutable("edgegram", env);
  if (onPath === undefined) {
    throw new ServerNotConfiguredError(
      "edgegram: the edgegram language server was not found: `edgegram` is not on PATH and neither " +
        "edgegram.server.command nor edgegram.server.pythonPath is set. Install the linux-x64 (or your " +
        "platform's) edgegram .vsix, which brings its server, or `pip install` edgegram from a clone or wheel.",
    );
  }
  return { command: onPath, args: ["serve"], origin: "edgegram on PATH" };
}
