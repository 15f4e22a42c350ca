"""The rule sets, one package each, all in the same shape."""
