"""The scenario editor's model, free of any screen: the draft, its edits, the unit form, undo and saving."""
