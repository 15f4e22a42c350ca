"""Widgets of the game screen: hex map, status line, roster, dice log, action palette."""
