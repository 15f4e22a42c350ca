"""Start-up work the `hexwar` command leaves out (the game screen's first frame is a bar).

Python's cyclic garbage collector runs every 700 allocations: while the modules, pydantic's
models and the game are built (about 50,000 objects that live as long as the program) it ran
some 120 times, 5-8 % of the start-up's CPU time, and found almost nothing to free. The
command starts with it running less often (`collect_less_while_starting`); after the first
frame the usual thresholds come back and what start-up built is moved out of its sight
(`started`, `gc.freeze`), so a full collection no longer walks it during a key's reply.

pydantic looks for plugins (entry points in the `pydantic` group) when it builds the first
model: it imports `importlib.metadata` (with `email`, `zipfile`, `csv`: about 35 ms) and reads
the metadata of every installed distribution (about 9 ms more). hexwar uses no pydantic
plugin, so the command starts with none, as `PYDANTIC_DISABLE_PLUGINS=__all__` would, without
the import. A user who wants plugins (say, instrumentation) sets `PYDANTIC_DISABLE_PLUGINS`
(even empty) and pydantic's own loader runs as usual.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import sys

PLUGIN_LOADER = "pydantic.plugin._loader"
SUPPORTED_PYDANTIC = ("2.14.4",)
"""pydantic versions whose plugin loader this module stands in for (`get_plugins` only)."""


def skip_pydantic_plugins() -> bool:
    """Stand in for pydantic's plugin loader, when pydantic first asks for it, with one that finds
    no plugin; True if the stand-in is in place. Nothing is imported until then (the title screen
    never builds a model)."""
    if "PYDANTIC_DISABLE_PLUGINS" in os.environ or PLUGIN_LOADER in sys.modules:
        return False
    if not any(isinstance(f, _NoPlugins) for f in sys.meta_path):
        sys.meta_path.insert(0, _NoPlugins())
    return True


class _NoPlugins:
    """Finds `pydantic.plugin._loader` (once) on a supported pydantic: a module whose
    `get_plugins` returns no plugin, as with `PYDANTIC_DISABLE_PLUGINS=__all__`. A finder and
    loader by protocol (`importlib.abc` would import `importlib.resources`)."""

    def find_spec(self, name, path, target=None):
        if name != PLUGIN_LOADER:
            return None
        sys.meta_path.remove(self)
        from pydantic.version import VERSION  # pydantic is being imported: no cost now

        if VERSION not in SUPPORTED_PYDANTIC:
            return None  # pydantic's own loader
        return importlib.util.spec_from_loader(name, self)

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        module.get_plugins = lambda: ()


STARTUP_GC_THRESHOLD = (20_000, 50, 1000)
"""Collector thresholds while starting (Python's are 700, 10, 10): the peak memory is unchanged."""
_usual_threshold: tuple[int, ...] | None = None


def collect_less_while_starting() -> None:
    global _usual_threshold
    if _usual_threshold is None:
        _usual_threshold = gc.get_threshold()
        gc.set_threshold(*STARTUP_GC_THRESHOLD)


def started() -> None:
    """The first frame is out: the usual thresholds, and start-up's objects frozen (only after
    `collect_less_while_starting`, so tests that start many apps freeze nothing)."""
    if restore_collector():
        gc.freeze()


def restore_collector() -> bool:
    """The usual thresholds again (the command ends before a first frame); True if they were not."""
    global _usual_threshold
    if _usual_threshold is None:
        return False
    gc.set_threshold(*_usual_threshold)
    _usual_threshold = None
    return True
