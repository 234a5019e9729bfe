/** The status bar item that shows whether the edgegram server is loading, ready or failed. */
import * as vscode from "vscode";

export type ServerState = "loading" | "ready" | "error" | "stopped";

const LOOK: Record<ServerState, { icon: string; tooltip: string }> = {
  loading: { icon: "$(sync~spin)", tooltip: "edgegram: starting the grammar server…" },
  ready: { icon: "$(check)", tooltip: "edgegram: ready. Click to check the document." },
  error: { icon: "$(error)", tooltip: "edgegram: the grammar server is not running. Click to show its output." },
  stopped: { icon: "$(circle-slash)", tooltip: "edgegram: stopped." },
};

export class StatusItem implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  state: ServerState = "stopped";

  constructor() {
    this.item = vscode.window.createStatusBarItem("edgegram.status", vscode.StatusBarAlignment.Right, 100);
    this.item.name = "edgegram";
    this.set("loading");
    this.item.show();
  }

  /** Show ``state``; ``detail`` (e.g. an error message) is added to the tooltip. */
  set(state: ServerState, detail?: string): void {
    this.state = state;
    const look = LOOK[state];
    this.item.text = `${look.icon} edgegram`;
    this.item.tooltip = detail ? `${look.tooltip}\n${detail}` : look.tooltip;
    this.item.command = state === "ready" ? "edgegram.checkDocument" : "edgegram.showOutput";
    this.item.backgroundColor =
      state === "error" ? new vscode.ThemeColor("statusBarItem.errorBackground") : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
