"""Screens, imported lazily by the app (start-up time is a bar)."""
