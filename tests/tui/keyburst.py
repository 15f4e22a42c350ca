"""Keys sent the way a lagging terminal sends them: several at once, with no pause between them.

`Pilot.press` waits for the app to go idle after every key, which hides races
between a key and the screen it opened (issue 9, item 1); `burst` queues the
keys on the driver in one go, as the input thread does when they arrive together.
"""

from __future__ import annotations

import random
import unicodedata

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

MONKEY_KEYS = (
    list("abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPRSTUVWXYZ0123456789")
    + ["enter"] * 6 + ["escape"] * 6 + ["ctrl+p"] * 6 + ["space"] * 4
    + ["up", "down", "left", "right"] * 3 + ["pageup", "pagedown"] * 3
    + ["tab", "shift+tab", "backspace", "home", "end", "delete", "question_mark",
       "ctrl+s", "ctrl+g", "f1", "f2", "f3", "f4", "comma", "full_stop", "minus", "plus", "slash"]
)
"""What the monkey types: everything but quitting (q, ctrl+q, ctrl+c), with the risky keys weighted up."""


def key_event(key: str) -> events.Key:
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def burst(app, keys) -> None:
    """Queue `keys` on the app's driver at once (no idle wait between them)."""
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app._driver.send_message(event)


def random_bursts(rng: random.Random, total: int, longest: int = 12):
    """`total` random keys, in bursts of 1 to `longest`."""
    sent = 0
    while sent < total:
        n = min(rng.randint(1, longest), total - sent)
        yield [rng.choice(MONKEY_KEYS) for _ in range(n)]
        sent += n
