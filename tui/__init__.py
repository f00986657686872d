"""The Lowlands terminal UI (Textual): ``tui.app.LowlandsApp`` and ``main()``."""
