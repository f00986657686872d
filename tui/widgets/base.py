"""DataWidget: the base of the plain-data board widgets.

A DataWidget keeps the last data it was given; ``_set(data)`` refreshes the
widget only when the data changed, so boards can call ``update(...)`` on every
key press without repainting what stayed the same.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget


class DataWidget(Widget):
    """A widget drawn from plain data with ``render()``; height follows the content."""

    DEFAULT_CSS = """
    DataWidget {
        height: auto;
    }
    """

    def __init__(self, *, title: str = "", name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.title = title
        self._data: Any = None

    def _set(self, data: Any) -> bool:
        """Store ``data``; refresh (with layout, the height may change) if it changed.

        Returns True when something changed.
        """
        if data == self._data:
            return False
        self._data = data
        self.refresh(layout=True)
        return True

    def _title_text(self) -> Text:
        return Text(self.title, style="bold") if self.title else Text()
