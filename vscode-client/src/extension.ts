/**
 * The edgegram VS Code extension: starts `edgegram serve` over stdio with
 * vscode-languageclient, forwards the `edgegram` settings, and shows the server's state.
 */
import * as vscode from "vscode";
import {
  CloseAction,
  DidChangeConfigurationNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ErrorAction,
  ErrorHandler,
  LanguageClient,
  LanguageClientOptions,
  Message,
  MessageType,
  ServerOptions,
  ShowMessageNotification,
  ShowMessageParams,
  State,
} from "vscode-languageclient/node";
import {
  Bundle,
  BundledServerError,
  createEnvironment,
  environmentDir,
  findPythons,
  pickPython,
  readBundle,
  readyEnvironment,
} from "./bundledServer";
import { FrozenBundle, readFrozenBundle, unpackFrozenServer } from "./frozenServer";
import { findExecutable, resolveServerCommand, ServerCommand, ServerNotConfiguredError, ServerNotFoundError } from "./serverCommand";
import { languages, RESTART_KEYS, SECTION, serverCommandSettings, serverSettings } from "./settings";
import { StatusItem } from "./status";

const MAX_RESTARTS = 4;

class EdgegramExtension implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly output = vscode.window.createOutputChannel("edgegram");
  private readonly status = new StatusItem();

  constructor(private readonly context: vscode.ExtensionContext) {}

  async start(): Promise<void> {
    this.status.set("loading");
    let server: ServerCommand;
    try {
      server = resolveServerCommand(serverCommandSettings());
    } catch (error) {
      const bundled = this.bundledServerStarter();
      if (error instanceof ServerNotConfiguredError && bundled !== undefined) {
        try {
          server = await bundled();
        } catch (bundleError) {
          this.fail(describe(bundleError), bundleError instanceof BundledServerError);
          return;
        }
      } else if (error instanceof ServerNotFoundError) {
        this.fail(error.message, true);
        return;
      } else {
        throw error;
      }
    }
    this.output.appendLine(`Starting ${server.command} ${server.args.join(" ")} (${server.origin})`);
    // No `transport` here: TransportKind.stdio would append "--stdio" to the command line.
    const serverOptions: ServerOptions = { command: server.command, args: server.args };
    const client = new LanguageClient("edgegram", "edgegram", serverOptions, this.clientOptions());
    this.client = client;
    client.onDidChangeState((event) => {
      if (client !== this.client) {
        return;
      }
      if (event.newState === State.Running) {
        this.status.set("ready");
      } else if (event.newState === State.Starting) {
        this.status.set("loading");
      }
    });
    client.onNotification(ShowMessageNotification.type, (params) => this.onServerMessage(params));
    try {
      await client.start();
    } catch (error) {
      if (client === this.client) {
        this.fail(`edgegram: the grammar server failed to start: ${describe(error)}`, false);
      }
    }
  }

  /** How to start the server a platform-specific .vsix brings, or undefined for the universal one. */
  private bundledServerStarter(): (() => Promise<ServerCommand>) | undefined {
    const frozen = readFrozenBundle(this.context.extensionPath);
    if (frozen !== undefined) {
      return () => this.frozenServer(frozen);
    }
    const bundle = readBundle(this.context.extensionPath);
    return bundle === undefined ? undefined : () => this.bundledServer(bundle);
  }

  /** The linux-x64 .vsix's frozen server: unpacked on first start, then started directly. */
  private async frozenServer(frozen: FrozenBundle): Promise<ServerCommand> {
    const started = Date.now();
    let executable: string;
    try {
      executable = await unpackFrozenServer(frozen, this.context.globalStorageUri.fsPath, (message) =>
        this.output.appendLine(`Bundled server: ${message} in ${((Date.now() - started) / 1000).toFixed(1)} s`),
      );
    } catch (error) {
      throw new BundledServerError(`edgegram: its bundled language server could not be unpacked: ${describe(error)}`);
    }
    return { command: executable, args: ["serve"], origin: `bundled server, ${frozen.manifest.target}` };
  }

  /**
   * The server the platform-specific .vsix brings: a private venv made from its wheels on first
   * start, with the Python extension's interpreter or python3 on PATH; progress in a notification.
   */
  private async bundledServer(bundle: Bundle): Promise<ServerCommand> {
    const candidates = findPythons(await this.selectedPython(), (name) => findExecutable(name));
    const python = await pickPython(candidates, bundle.manifest.pythons);
    const storage = this.context.globalStorageUri.fsPath;
    const origin = `bundled server, Python ${python.version} from ${python.origin}`;
    const ready = readyEnvironment(environmentDir(storage, bundle.manifest, python.version), bundle.manifest);
    if (ready !== undefined) {
      return { command: ready, args: ["-m", "edgegram", "serve"], origin };
    }
    const started = Date.now();
    const envPython = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: "edgegram: first start" },
      (progress) =>
        createEnvironment(bundle, python, storage, (message) => {
          this.output.appendLine(`Bundled server: ${message}`);
          progress.report({ message });
        }),
    );
    this.output.appendLine(`Bundled server ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${envPython}`);
    return { command: envPython, args: ["-m", "edgegram", "serve"], origin };
  }

  /** The interpreter selected in the Python extension (ms-python.python), if it is installed. */
  private async selectedPython(): Promise<string | undefined> {
    const extension = vscode.extensions.getExtension("ms-python.python");
    if (extension === undefined) {
      return undefined;
    }
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const api: any = extension.isActive ? extension.exports : await extension.activate();
      const environments = api?.environments;
      if (environments === undefined) {
        return undefined;
      }
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const active = environments.getActiveEnvironmentPath(folder);
      const resolved = await environments.resolveEnvironment(active);
      return resolved?.executable?.uri?.fsPath ?? active?.path;
    } catch (error) {
      this.output.appendLine(`The Python extension gave no interpreter: ${describe(error)}`);
      return undefined;
    }
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client !== undefined) {
      try {
        await client.stop();
      } catch (error) {
        this.output.appendLine(`Stopping the server: ${describe(error)}`);
      }
      await client.dispose();
    }
    this.status.set("stopped");
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  showOutput(): void {
    this.output.show(true);
  }

  /** Re-check the active document. */
  async checkDocument(): Promise<void> {
    const client = this.client;
    const document = vscode.window.activeTextEditor?.document;
    if (client === undefined || !client.isRunning()) {
      void vscode.window.showWarningMessage("edgegram: the grammar server is not running.", "Restart Server").then(
        (choice) => choice && this.restart(),
      );
      return;
    }
    if (document === undefined) {
      void vscode.window.showInformationMessage("edgegram: open a document to check it.");
      return;
    }
    if (!vscode.languages.match(languages(), document)) {
      void vscode.window.showInformationMessage(
        `edgegram: "${document.languageId}" documents are not checked (setting edgegram.languages).`,
      );
      return;
    }
    // Closing and re-opening the document makes any LSP server check it afresh.
    const uri = client.code2ProtocolConverter.asUri(document.uri);
    await client.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
    await client.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: document.languageId, version: document.version, text: document.getText() },
    });
  }

  async onConfigurationChanged(event: vscode.ConfigurationChangeEvent): Promise<void> {
    if (!event.affectsConfiguration(SECTION)) {
      return;
    }
    if (RESTART_KEYS.some((key) => event.affectsConfiguration(`${SECTION}.${key}`)) || this.client === undefined) {
      await this.restart();
      return;
    }
    if (this.client.isRunning()) {
      await this.client.sendNotification(DidChangeConfigurationNotification.type, {
        settings: { [SECTION]: serverSettings() },
      });
    }
  }

  dispose(): void {
    void this.stop();
    this.status.dispose();
    this.output.dispose();
  }

  private clientOptions(): LanguageClientOptions {
    return {
      documentSelector: languages().flatMap((language) => [
        { scheme: "file", language },
        { scheme: "untitled", language },
      ]),
      outputChannel: this.output,
      initializationOptions: serverSettings(),
      errorHandler: this.errorHandler(),
      middleware: {
        workspace: {
          configuration: async (params, token, next) => {
            const answers = await next(params, token);
            if (!Array.isArray(answers)) {
              return answers;
            }
            return params.items.map((item, index) =>
              item.section === SECTION
                ? serverSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined)
                : answers[index],
            );
          },
        },
      },
    };
  }

  /** Restarts a crashed server a few times, then shows a readable error instead of going quiet. */
  private errorHandler(): ErrorHandler {
    let restarts = 0;
    return {
      error: (_error: Error, _message: Message | undefined, count: number | undefined) => {
        if (count !== undefined && count <= 3) {
          return { action: ErrorAction.Continue };
        }
        return { action: ErrorAction.Shutdown };
      },
      closed: () => {
        restarts += 1;
        if (restarts <= MAX_RESTARTS) {
          this.output.appendLine(`The server stopped; restarting it (${restarts}/${MAX_RESTARTS}).`);
          this.status.set("loading");
          return { action: CloseAction.Restart };
        }
        this.fail(
          `edgegram: the grammar server stopped ${restarts} times and will not be restarted. ` +
            "See the output for its error.",
          false,
        );
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    };
  }

  /** Server messages as pop-ups; an error (e.g. the model failed to load) also turns the status red. */
  private onServerMessage(params: ShowMessageParams): void {
    if (params.type === MessageType.Error) {
      this.fail(params.message, false);
    } else if (params.type === MessageType.Warning) {
      void vscode.window.showWarningMessage(params.message);
    } else {
      void vscode.window.showInformationMessage(params.message);
    }
  }

  private fail(message: string, offerInstall: boolean): void {
    this.status.set("error", message);
    this.output.appendLine(message);
    const actions = offerInstall ? ["Install Steps", "Open Settings"] : ["Show Output", "Restart Server"];
    void vscode.window.showErrorMessage(message, ...actions).then((choice) => {
      if (choice === "Install Steps") {
        void this.openInstallSteps();
      } else if (choice === "Open Settings") {
        void vscode.commands.executeCommand("workbench.action.openSettings", "edgegram.server");
      } else if (choice === "Show Output") {
        this.showOutput();
      } else if (choice === "Restart Server") {
        void this.restart();
      }
    });
  }

  /** The extension's README (vsce packs it as readme.md) in the Markdown preview. */
  private async openInstallSteps(): Promise<void> {
    for (const name of ["readme.md", "README.md"]) {
      const readme = vscode.Uri.joinPath(this.context.extensionUri, name);
      try {
        await vscode.workspace.fs.stat(readme);
      } catch {
        continue;
      }
      await vscode.commands.executeCommand("markdown.showPreview", readme);
      return;
    }
    this.showOutput();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const extension = new EdgegramExtension(context);
  context.subscriptions.push(
    extension,
    vscode.commands.registerCommand("edgegram.checkDocument", () => extension.checkDocument()),
    vscode.commands.registerCommand("edgegram.restartServer", () => extension.restart()),
    vscode.commands.registerCommand("edgegram.showOutput", () => extension.showOutput()),
    vscode.workspace.onDidChangeConfiguration((event) => extension.onConfigurationChanged(event)),
  );
  await extension.start();
}

export function deactivate(): void {
  // The subscriptions dispose the extension, which stops the server.
}
