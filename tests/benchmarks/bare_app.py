"""The baseline for the TUI benchmarks: a bare Textual app showing one line.

Run as a script (``python tests/benchmarks/bare_app.py``). It paints
"Bare app ready"; each Up or Down key rewrites that line in place (a widget
of fixed size updated without a layout: one frame, one changed line, the
least a Textual app can do to answer a key); ctrl+q quits (Textual's default
binding).
"""

from textual.app import App, ComposeResult
from textual.widgets import Static


class BareApp(App):
    """One fixed-size line; arrows count key presses in it."""

    CSS = "#label { width: 40; height: 1; }"

    def compose(self) -> ComposeResult:
        yield Static("Bare app ready", id="label")

    def on_mount(self) -> None:
        self.presses = 0

    def on_key(self, event) -> None:
        if event.key in ("up", "down"):
            self.presses += 1
            # same size every time: no layout, so the answer is one frame
            self.query_one("#label", Static).update(f"Bare app ready: {event.key:<4} #{self.presses:<6}", layout=False)


if __name__ == "__main__":
    BareApp().run()
