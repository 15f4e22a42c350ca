"""Modal dialogs: each a `ModalScreen[T]` that returns its answer with `dismiss`."""
