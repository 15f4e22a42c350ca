"""A terse terminal writer: cursor moves and colour codes that say only what changed.

Rich writes every styled segment as `ESC[<all its codes>m text ESC[0m` and
Textual moves the cursor with `ESC[row;colH` before each span. For a one-cell
change that is most of the bytes: a cursor move on the map wrote 33 bytes for
one cell, 25 of them codes. `Writer` keeps what the terminal has (the cursor
position and the current attributes and colours) and sends the shorter of a
difference (`ESC[22;27m`: bold and reverse off) and a reset with the whole
style (`ESC[0;1m`), a relative move on the same row (`ESC[C`) when it is
shorter than an absolute one, and nothing at all when the next span starts
where the last one ended. It starts and ends with the terminal's attributes
reset, as every Rich writer assumes: only `finish()` leaves it that way.
"""

from __future__ import annotations

from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style

_ATTRIBUTES = (
    ("bold", "1", "22"), ("dim", "2", "22"), ("italic", "3", "23"), ("underline", "4", "24"),
    ("blink", "5", "25"), ("blink2", "6", "25"), ("reverse", "7", "27"), ("conceal", "8", "28"),
    ("strike", "9", "29"), ("underline2", "21", "24"), ("frame", "51", "54"), ("encircle", "52", "54"),
    ("overline", "53", "55"),
)
"""Rich's attributes in the order Rich writes them: (name, on code, off code)."""

_CLEAR_FROM = " " * 4
"""Trailing blanks worth an "erase to end of line" (3 bytes) instead."""
_ERASE_FROM = 12
"""Blanks in a row worth `ESC[nX` and a move past them (about 10 bytes) instead."""
ERASE_COLOURS = [False]
"""Whether erasing paints the current background colour (terminfo `bce`): set by `erase_colours`."""


BCE_TERMS = ("xterm", "linux", "rxvt", "tmux", "putty", "konsole", "gnome", "vte", "alacritty", "foot",
             "wezterm", "kitty", "xterm-kitty")
"""Terminals (TERM prefixes) that erase with the current background colour (terminfo `bce`)."""


def erase_colours(term: str | None = None) -> bool:
    """Whether this terminal erases with the current background (`bce`): TERM against `BCE_TERMS`
    (a fixed list: Python's curses reads one terminfo entry per process, once)."""
    import os

    term = os.environ.get("TERM", "") if term is None else term
    ERASE_COLOURS[0] = term.startswith(BCE_TERMS)
    return ERASE_COLOURS[0]


UPRIGHT_TERMS = frozenset({"vt52", "vt100", "vt102", "vt220", "linux", "linux-m", "xterm-mono", "ansi", "dumb"})
"""Terminals without italic or dim (only bold, underline, reverse and blink)."""


def terminal_attributes(term: str) -> frozenset:
    """The attributes `term` can show. A fixed list, not terminfo: Python's curses reads the
    terminfo entry of one terminal per process, once."""
    plain = frozenset({"bold", "underline", "reverse", "blink"})
    return plain if term in UPRIGHT_TERMS else plain | {"dim", "italic"}


_SHOWN_ON_BLANKS = frozenset({"reverse", "underline", "underline2", "strike", "overline", "frame", "encircle"})

_State = tuple[frozenset, str, str]
"""What the terminal draws with: (attribute names, foreground codes, background codes); "" = default."""
RESET: _State = (frozenset(), "", "")


def blank_state(state: _State) -> _State:
    """What a blank drawn in `state` shows: its background only, unless an attribute that shows
    on blanks (reverse, underline...) is on. Two blanks that show the same need no rewrite."""
    if state[0] & _SHOWN_ON_BLANKS:
        return state
    return (_NONE, "", state[2]) if state[0] or state[1] else state


_NONE: frozenset = frozenset()


def _looks_blank_in(now: _State, state: _State) -> bool:
    """Whether a blank written while the terminal is in `now` shows as a blank in `state`."""
    return now[2] == state[2] and not (now[0] & _SHOWN_ON_BLANKS) and not (state[0] & _SHOWN_ON_BLANKS)


BASE_COLOURS: list[tuple | None] = [None]
"""(background, text colour) as RGB triplets that the terminal's own colours stand for: the screen's
base colours (`use_terminal_default`), or None."""


def use_terminal_default(base: Style | None) -> None:
    """Write `base`'s background, and its text colour on that background, as the terminal's own
    colours everywhere (`on_terminal_default` for the whole screen: the side panel's border alone
    was `ESC[38;5;241;48;5;233m` on every row, 20 bytes, and is now `ESC[38;5;241m`)."""
    triplet = (lambda c: c.get_truecolor() if c is not None else None)
    BASE_COLOURS[0] = None if base is None else (triplet(base.bgcolor), triplet(base.color))
    _STATES.clear()


def _state(style: Style | None, system: ColorSystem | None) -> _State:
    if not style:
        return RESET
    attrs = frozenset(name for name, _, _ in _ATTRIBUTES if getattr(style, name))
    fg = bg = ""
    color, bgcolor = style.color, style.bgcolor
    base = BASE_COLOURS[0]
    if base is not None:
        # As `on_terminal_default`: the text colour goes with the background, never on its own.
        if bgcolor is not None and bgcolor.get_truecolor() == base[0]:
            bgcolor = None
        if bgcolor is None and color is not None and color.get_truecolor() == base[1]:
            color = None
    if system is not None:
        if color is not None:
            fg = ";".join(color.downgrade(system).get_ansi_codes(foreground=True))
        if bgcolor is not None:
            bg = ";".join(bgcolor.downgrade(system).get_ansi_codes(foreground=False))
    # The default colour named outright ("39", "49") is the same as none: one state, not two.
    return attrs, "" if fg == "39" else fg, "" if bg == "49" else bg


def _full(state: _State) -> list[str]:
    attrs, fg, bg = state
    codes = [on for name, on, _ in _ATTRIBUTES if name in attrs]
    return codes + [c for c in (fg, bg) if c]


def transition(old: _State, new: _State) -> str:
    """The shortest SGR sequence that takes the terminal from `old` to `new` ("" if they agree)."""
    if old == new:
        return ""
    if new == RESET:
        return "\x1b[0m"
    full = "\x1b[" + ";".join(["0", *_full(new)]) + "m"
    if old == RESET:
        return "\x1b[" + ";".join(_full(new)) + "m"
    (old_attrs, old_fg, old_bg), (attrs, fg, bg) = old, new
    codes: list[str] = []
    gone = old_attrs - attrs
    offs = {off for name, _, off in _ATTRIBUTES if name in gone}
    for _, _, off in _ATTRIBUTES:
        if off in offs and off not in codes:
            codes.append(off)
    # An off code may switch off more than the attribute that went (22 is bold and dim; 24 both
    # underlines; 25 both blinks; 54 frame and encircle): what stays on is sent again.
    dropped = {name for name, _, off in _ATTRIBUTES if off in offs}
    codes.extend(on for name, on, _ in _ATTRIBUTES if name in attrs and (name not in old_attrs or name in dropped))
    if fg != old_fg:
        codes.append(fg or "39")
    if bg != old_bg:
        codes.append(bg or "49")
    diff = "\x1b[" + ";".join(codes) + "m"
    return diff if len(diff) < len(full) else full


def move(old: tuple[int, int] | None, x: int, y: int) -> str:
    """The shortest cursor movement from `old` (None: unknown) to column `x`, row `y` (0-based)."""
    if old == (x, y):
        return ""
    absolute = f"\x1b[{y + 1}H" if x == 0 else f"\x1b[{y + 1};{x + 1}H"
    if old is None or old[1] != y:
        return absolute
    step = x - old[0]
    relative = ("\x1b[C" if step == 1 else f"\x1b[{step}C") if step > 0 else (
        "\x1b[D" if step == -1 else f"\x1b[{-step}D")
    return relative if len(relative) < len(absolute) else absolute


_STATES: dict = {}
"""Each colour system's styles already turned into states (styles are few and reused)."""


class Writer:
    """Collects text for the terminal, tracking its cursor and attributes to send only changes."""

    def __init__(self, system: ColorSystem | None, width: int) -> None:
        self.system = system
        self.width = width
        self.parts: list[str] = []
        self.at: tuple[int, int] | None = None
        self.now: _State = RESET
        self._states = _STATES.setdefault(system, {})

    def state_of(self, style: Style | None) -> _State:
        if not style:
            return RESET
        found = self._states.get(style)
        if found is None:
            found = self._states[style] = _state(style, self.system)
        return found

    def write(self, x: int, y: int, segments, cells: int) -> None:
        """Write `segments` (`cells` wide, no control codes) from column `x` of row `y`."""
        append = self.parts.append
        append(move(self.at, x, y))
        end = x + cells
        segments = list(segments)
        for index, (text, style, control) in enumerate(segments):
            if control:
                continue
            if index == len(segments) - 1 and end == self.width and text.endswith(_CLEAR_FROM):
                new = self.state_of(style)
                if not new[2] and not (new[0] & _SHOWN_ON_BLANKS):
                    # Blanks to the right edge on the default background: "erase to end of line".
                    text = text.rstrip(" ")
                    append(transition(self.now, new))
                    self.now = new
                    append(text + "\x1b[K")
                    continue
            if style is not None and style.link:  # hyperlinks: Rich's own writer, from a reset
                append(transition(self.now, RESET))
                self.now = RESET
                append(style.render(text, color_system=self.system))
                continue
            new = self.state_of(style)
            append(transition(self.now, new))
            self.now = new
            append(text)
        # At the last column the terminal waits to wrap: where its cursor is then is not certain.
        self.at = (end, y) if end < self.width else None

    def write_cells(self, x: int, y: int, cells: list[tuple[str, _State]]) -> None:
        """Write cells (character, state) from column `x` of row `y`; "" is the right half of a
        double-width character, already written with its left half.

        A run of blanks is erased rather than written: to the right edge with `ESC[K` (from 4
        blanks), elsewhere with `ESC[nX` and a move past it (from `_ERASE_FROM` blanks). Erasing
        paints the current background, so on a coloured one only where the terminal says it does
        (terminfo's `bce`, see `erase_colours`)."""
        append = self.parts.append
        append(move(self.at, x, y))
        count = len(cells)
        i = 0
        at = x
        while i < count:
            char, state = cells[i]
            if char == " " and not state[0] & _SHOWN_ON_BLANKS and (not state[2] or ERASE_COLOURS[0]):
                j = i + 1
                while j < count and cells[j] == (" ", state):
                    j += 1
                n = j - i
                to_edge = j == count and x + count == self.width
                if (to_edge and n >= len(_CLEAR_FROM)) or n >= _ERASE_FROM:
                    if state != self.now and not _looks_blank_in(self.now, state):
                        append(transition(self.now, state))
                        self.now = state
                    if to_edge:
                        append("\x1b[K")
                    else:
                        append(f"\x1b[{n}X")
                        if j < count:
                            append(f"\x1b[{n}C")
                            at = x + j
                    i = j
                    continue
            if char:
                if state != self.now and not (char == " " and _looks_blank_in(self.now, state)):
                    append(transition(self.now, state))
                    self.now = state
                append(char)
            i += 1
            at = x + i
        end = x + count
        if at != end:
            self.at = (at, y)  # the cursor stayed where an erase began
        else:
            self.at = (end, y) if end < self.width else None

    def finish(self) -> str:
        """Everything written, ending with the attributes reset."""
        self.parts.append(transition(self.now, RESET))
        self.now = RESET
        return "".join(self.parts)


def render(segments: list[Segment], system: ColorSystem | None) -> str:
    """Segments written from the cursor on (a test helper: no moves)."""
    writer = Writer(system, 1 << 30)
    writer.at = (0, 0)
    writer.write(0, 0, segments, sum(s.cell_length for s in segments))
    return writer.finish()


def on_terminal_default(style: Style, base: Style) -> Style:
    """`style` drawn with the terminal's own background and text colour wherever it would use the
    widget's base ones: `ESC[38;5;253;48;5;234m` is 20 bytes on every run, nothing is 0. Both go
    together on the base background (a light text colour on a light terminal's background would
    vanish); on a highlight's background the base text colour becomes the terminal's, which reads
    on the mid-tone highlights whatever the terminal's own colours are."""
    colour = None if style.color == base.color else style.color
    background = None if style.bgcolor == base.bgcolor else style.bgcolor
    plain = style.without_color
    return plain + Style(color=colour, bgcolor=background) if colour or background else plain


SAME_COLOUR = 100
"""RGB distance under which a glyph's colour and its highlight's read as one (a side's orange on the
selection's, a forest's green on the movement range's, a red unit on the target's red)."""


def legible(style: Style) -> Style:
    """`style` with its text in the highlight's contrast colour (black or white) where the two colours
    would be (nearly) the same: the theme gives sides and highlights the same few hues, and a letter
    drawn in its own background's colour cannot be seen. Other pairs keep the glyph's own colour."""
    from textual.color import Color

    if style.color is None or style.bgcolor is None or style.color.is_default or style.bgcolor.is_default:
        return style
    fg, bg = Color.from_rich_color(style.color), Color.from_rich_color(style.bgcolor)
    if sum((a - b) ** 2 for a, b in zip(fg.rgb, bg.rgb)) ** 0.5 >= SAME_COLOUR:
        return style
    return style + Style(color=bg.get_contrast_text(1.0).rich_color)
