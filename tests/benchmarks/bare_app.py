"""The baseline for the TUI benchmarks: a bare Textual app showing one Label.

Run as a script (``python tests/benchmarks/bare_app.py``). It paints
"Bare app ready"; each Up or Down key changes the label's text (one repaint);
ctrl+q quits (Textual's default binding).
"""

from textual.app import App, ComposeResult
from textual.widgets import Label


class BareApp(App):
    """One Label; arrows count key presses in it."""

    def compose(self) -> ComposeResult:
        yield Label("Bare app ready", id="label")

    def on_mount(self) -> None:
        self.presses = 0

    def on_key(self, event) -> None:
        if event.key in ("up", "down"):
            self.presses += 1
            self.query_one("#label", Label).update(f"Bare app ready: {event.key} #{self.presses}")


if __name__ == "__main__":
    BareApp().run()
