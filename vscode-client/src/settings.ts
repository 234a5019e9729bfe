/**
 * Reads the `edgegram` configuration section: the client-side settings (how to start the
 * server, which documents to check) and the settings forwarded to the server.
 */
import * as vscode from "vscode";
import { ServerCommandSettings } from "./serverCommand";

export const SECTION = "edgegram";

/** Keys of the server's own settings (lsp_server/settings.py), sent to it as they are. */
export const SERVER_KEYS = [
  "enabled",
  "languages",
  "severity",
  "disabledKinds",
  "disabledRules",
  "enabledRules",
  "minConfidence",
  "markupMinConfidence",
  "debounceMs",
  "maxFileSize",
  "modelPath",
  "threads",
  "checkCode",
  "skipOtherLanguages",
] as const;

/** Settings whose change needs a new server process (or a new document selector). */
export const RESTART_KEYS = ["server.command", "server.pythonPath", "languages"] as const;

// The same as the default of `edgegram.languages` in package.json (and lsp_server/settings.py).
const DEFAULT_LANGUAGES = [
  "plaintext",
  "markdown",
  "latex",
  "git-commit",
  "restructuredtext",
  "html",
  "asciidoc",
  "python",
  "javascript",
  "typescript",
  "typescriptreact",
  "rust",
  "go",
  "c",
  "cpp",
  "java",
  "lua",
  "shellscript",
  "javascriptreact",
  "sh",
  "bash",
  "rst",
  "asciidoctor",
];

function firstWorkspaceFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

export function serverCommandSettings(): ServerCommandSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    command: config.get<string[]>("server.command", []),
    pythonPath: config.get<string>("server.pythonPath", ""),
    workspaceFolder: firstWorkspaceFolder(),
  };
}

export function languages(): string[] {
  return vscode.workspace.getConfiguration(SECTION).get<string[]>("languages", DEFAULT_LANGUAGES);
}

/** The settings the server understands, as one plain object (what `workspace/configuration` returns). */
export function serverSettings(scope?: vscode.Uri): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  const settings: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    settings[key] = config.get(key);
  }
  return settings;
}
