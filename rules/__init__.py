"""hexwar rules: pure Python, never imports textual, saves or tui."""
