"""The scenario editor's conversations: the unit form, sides, victory, turn limit, names, new map, save.

Each function opens a dialog for the editor screen and, when the player answers, makes one
undoable edit through the screen (`screen.edit`), so every change here undoes with `u`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from saves.editor import edits as E
from saves.editor import form as F
from tui.dialogs.choice import ChoiceDialog
from tui.screens.editor_forms import Field, FieldsDialog

if TYPE_CHECKING:
    from tui.screens.editor import EditorScreen


# --- units -----------------------------------------------------------------------------------


def _blank(f: F.StatField) -> str:
    """What the hint adds to a field's limits: required, or what a blank stands for (QUAD's speed, attack and
    defense left blank are the rule set's 2, and the form showed them empty with no word of it)."""
    if f.required:
        return ", required"
    if f.default is None:
        return ""
    return f"; blank: {F.value_text(f.default) if f.default not in ('', [], {}) else 'none'}"


def _unit_form(screen: EditorScreen, title: str, name: str, kind: str, side: str, stats: dict, done) -> None:
    rid = screen.draft.ruleset
    fields = F.stat_fields(rid)
    texts = F.texts_of(fields, stats)
    sides = [s.id for s in screen.draft.sides]
    shown = [Field("name", "Name", name), Field("kind", "Kind (for example infantry)", kind),
             Field("side", "Side", side, " | ".join(sides))]
    for f in fields:
        if f.kind == "flags":  # one yes/no field per allowed word, not a TOML list to type
            shown += [Field(f"stat-{key}", f"{f.name}: {word}", text, "yes | no (ctrl+up/down)")
                      for word, (key, text) in zip(f.choices, F.flag_texts(f, stats.get(f.name)).items())]
        else:
            shown.append(Field(f"stat-{f.name}", f.name, texts[f.name], f.limits() + _blank(f)))
    flags = [f for f in fields if f.kind == "flags"]

    def split(values: dict[str, str]) -> tuple[dict, list[str]]:
        plain = {k.removeprefix("stat-"): v for k, v in values.items() if k.startswith("stat-")}
        bad_flags: list[str] = []
        for f in flags:
            chosen, bad = F.flags_value(f, plain)
            plain[f.name] = F.value_text(chosen) if chosen else ""
            bad_flags += bad
        got, bad = F.values_of(fields, plain)
        return got, bad_flags + bad

    def check(values: dict[str, str]) -> list[str]:
        got, bad = split(values)
        out = bad + [p.text() for p in F.problems(rid, got)]
        if values["side"].strip() not in sides:
            out.append(f"side: one of {', '.join(sides)}")
        if not values["name"].strip():
            out.append("name: a unit needs a name")
        return out

    def step(values: dict[str, str], key: str, step: int) -> dict[str, str] | None:
        if key == "side":
            i = sides.index(values["side"]) if values["side"] in sides else -1
            return {**values, "side": sides[(i + step) % len(sides)]}
        if not key.startswith("stat-"):
            return None
        if "--" in key:  # a flag: yes <-> no
            return {**values, key: "no" if values[key].strip().lower() in F.YES else "yes"}
        plain = {k.removeprefix("stat-"): v for k, v in values.items() if k.startswith("stat-")}
        new = F.step_text(fields, plain, key.removeprefix("stat-"), step)
        return None if new is None else {**values, key: new[key.removeprefix("stat-")]}

    def answered(values: dict[str, str] | None) -> None:
        if values is None:
            screen.redraw("Form cancelled: nothing changed")
            return
        got, bad = split(values)
        if bad:
            screen.redraw(f"Refused: {bad[0]}")
            return
        done(values["name"].strip(), values["kind"].strip(), values["side"].strip(), got)

    screen.app.push_screen(FieldsDialog(title, shown, check, step), answered)


def _last_stats(screen: EditorScreen) -> dict:
    """A new unit starts as a copy of the last one placed (forces are mostly alike), else the model's template."""
    return dict(screen.draft.units[-1].stats) if screen.draft.units else F.template_stats(screen.draft.ruleset)


def add_unit(screen: EditorScreen) -> None:
    at = screen.cursor
    unit_id = E.free_id(screen.draft, screen.side)

    def done(name, kind, side, stats) -> None:
        screen.edit(f"Placed {name} ({side}) at {at[0]},{at[1]}", E.add_unit, side, at, stats, name, kind,
                    E.free_id(screen.draft, side))

    _unit_form(screen, f"A new {screen.draft.ruleset} unit at {at[0]},{at[1]}", unit_id, "", screen.side,
               _last_stats(screen), done)


def edit_unit(screen: EditorScreen, unit) -> None:
    def done(name, kind, side, stats) -> None:
        screen.edit(f"Edited {unit.id} ({name})", E.update_unit, unit.id, name=name, kind=kind, side=side, stats=stats)

    _unit_form(screen, f"Unit {unit.id}", unit.name, unit.kind, unit.side, unit.stats, done)


def army_unit(screen: EditorScreen) -> None:
    from saves.armies import list_armies, load_army
    from saves.errors import SaveError

    rid, at = screen.draft.ruleset, screen.cursor
    names = list_armies(rid)
    if not names:
        screen.redraw(f"{rid} has no army files (saves/armies/{rid}/)")
        return

    def army_chosen(name: str | None) -> None:
        if name is None:
            return
        try:
            army = load_army(name, rid)
        except SaveError as exc:
            screen.redraw(f"Refused: {exc}")
            return
        entries = {str(i): e.entry for i, e in enumerate(army.entries)}

        def unit_chosen(key: str | None) -> None:
            if key is None:
                return
            entry = entries[key]
            screen.edit(f"Placed {entry.name} from {name} at {at[0]},{at[1]}", E.add_unit, screen.side, at,
                        dict(entry.stats), entry.name, entry.kind)

        choices = [(k, f"{e.name} ({e.kind})" if e.kind else e.name) for k, e in entries.items()]
        screen.app.push_screen(ChoiceDialog(f"A unit from {name} for {screen.side}", choices), unit_chosen)

    screen.app.push_screen(ChoiceDialog(f"The army file to take a unit from ({rid})", [(n, n) for n in names]),
                           army_chosen)


# --- sides, victory, turns, names --------------------------------------------------------------


def sides(screen: EditorScreen) -> None:
    choices = [(s.id, f"{s.id}: {s.name}") for s in screen.draft.sides]
    choices += [("+add", "Add a side"), ("+remove", "Remove a side (one without units)")]

    def chosen(key: str | None) -> None:
        if key == "+add":
            def added(v):
                if v is not None:
                    screen.edit(f"Added side {v['id']}", E.add_side, v["id"].strip(), v["name"].strip())
            screen.app.push_screen(FieldsDialog("A new side", [Field("id", "Id", "", "letters, digits, _ and -"),
                                                               Field("name", "Name")]), added)
        elif key == "+remove":
            screen.app.push_screen(ChoiceDialog("Remove which side?", [(s.id, s.name) for s in screen.draft.sides]),
                                   lambda k: k and screen.edit(f"Removed side {k}", E.remove_side, k))
        elif key is not None:
            _side_form(screen, key)

    screen.app.push_screen(ChoiceDialog("Sides", choices), chosen)


def _side_form(screen: EditorScreen, side_id: str) -> None:
    side = next(s for s in screen.draft.sides if s.id == side_id)
    fields = F.side_fields(screen.draft.ruleset)
    texts = F.texts_of(fields, side.fields)
    shown = [Field("name", "Name", side.name)] + [Field(f.name, f.name, texts[f.name], f.limits()) for f in fields]

    def answered(values):
        if values is None:
            return
        got, bad = F.values_of(fields, values)
        if bad:
            screen.redraw(f"Refused: {bad[0]}")
            return
        screen.edit(f"Side {side_id}", E.update_side, side_id, name=values["name"].strip(), fields=got)

    screen.app.push_screen(FieldsDialog(f"Side {side_id}", shown, stepper=lambda v, k, s: _step_side(fields, v, k, s)),
                           answered)


def _step_side(fields, values, key, step):
    new = F.step_text(fields, {k: v for k, v in values.items() if k != "name"}, key, step)
    return None if new is None else {**values, key: new[key]}


def add_victory(screen: EditorScreen) -> None:
    kinds = screen.rules.victory_kinds
    at = screen.cursor

    def kind_chosen(kind: str | None) -> None:
        if kind is None:
            return
        sides = " | ".join(s.id for s in screen.draft.sides)
        uses = victory_fields(kinds[kind])
        shown = [Field("side", "The side it lets win", screen.side, sides + " (empty: whoever meets it)")]
        shown += [f for f in (Field("turn", "Turn", "", "a whole number, or empty"),
                              Field("fraction", "Fraction", "", "0 to 1, or empty"),
                              Field("hexes", "Hexes", f"{at[0]},{at[1]}", "col,row; col,row ... or empty"))
                  if f.key in uses]
        shown.append(Field("text", "Text", "", "what the players read"))

        def answered(v):
            if v is None:
                return
            v = {"turn": "", "fraction": "", "hexes": "", **v}  # the fields this kind does not use stay empty
            try:
                hexes = tuple(tuple(int(n) for n in part.split(",")) for part in v["hexes"].split(";") if part.strip())
                turn = int(v["turn"]) if v["turn"].strip() else None
                fraction = float(v["fraction"]) if v["fraction"].strip() else None
            except ValueError:
                screen.redraw("Refused: turn is a whole number, fraction a number, hexes col,row; col,row")
                return
            screen.edit(f"Victory: {kind}", E.add_victory, kind, v["side"].strip() or None, hexes, turn, fraction,
                        v["text"].strip())

        screen.app.push_screen(FieldsDialog(f"Victory: {kind} ({kinds[kind]})", shown), answered)

    screen.app.push_screen(ChoiceDialog("Add a victory condition", [(k, f"{k}: {w}") for k, w in kinds.items()]),
                           kind_chosen)


def victory_fields(description: str) -> set[str]:
    """The fields a victory kind reads, as its rule set's description names them in backticks
    ("`side` wins once the other sides have lost `fraction` of their units"): the form asks only for those."""
    return set(description.split("`")[1::2])


def remove_victory(screen: EditorScreen) -> None:
    choices = [(str(i), f"{v.kind} {v.side or ''} {v.text}") for i, v in enumerate(screen.draft.victory)]
    if not choices:
        screen.redraw("No victory condition to remove")
        return
    screen.app.push_screen(ChoiceDialog("Remove which victory condition?", choices),
                           lambda k: k and screen.edit("Removed a victory condition", E.remove_victory, int(k)))


def turn_limit(screen: EditorScreen) -> None:
    now = screen.draft.max_turns

    def answered(v):
        if v is None:
            return
        text = v["turns"].strip()
        if text and not text.isdigit():
            screen.redraw(f"Refused: the turn limit is a whole number, not {text!r}")
            return
        turns = int(text) if text else None
        screen.edit(f"Turn limit {turns or 'none'}", E.set_turn_limit, turns)

    screen.app.push_screen(FieldsDialog("Turn limit", [Field("turns", "Last turn", str(now or ""),
                                                             "1 to 10000, empty: none")]), answered)


def names(screen: EditorScreen) -> None:
    d = screen.draft
    shown = [Field("name", "File name", d.name, "lower-case letters, digits, - and _"), Field("title", "Title", d.title),
             Field("description", "Description", d.description)]

    def answered(v):
        if v is not None:
            screen.edit("Names", E.set_names, v["name"].strip(), v["title"].strip(), v["description"].strip())

    screen.app.push_screen(FieldsDialog("Name and description", shown), answered)


def options(screen: EditorScreen) -> None:
    """The scenario's options (the rule set's OptionSpecs); a value equal to the default is left out."""
    specs = list(screen.rules.options)
    if not specs:
        screen.redraw(f"{screen.draft.ruleset} has no options")
        return
    now = screen.draft.options
    shown = [Field(o.id, o.label, F.value_text(now.get(o.id, o.default)),
                   " | ".join(o.choices) if o.choices else {bool: "true or false", int: "a whole number"}.get(
                       type(o.default), "text")) for o in specs]

    def read(values: dict[str, str]) -> tuple[dict, list[str]]:
        out, bad = {}, []
        for o in specs:
            field = F.StatField(o.id, "choice" if o.choices else "text" if isinstance(o.default, str) else "value",
                                choices=o.choices)
            try:
                value = F.parse_value(field, values[o.id])
            except E.EditRefused as exc:
                bad.append(str(exc))
                continue
            if value is not None and value != o.default:
                out[o.id] = value
        return out, bad

    def check(values: dict[str, str]) -> list[str]:
        from saves.checks import option_problems

        got, bad = read(values)
        return bad + [p.text() for p in option_problems(got, screen.rules, "options")]

    def answered(values):
        if values is None:
            return
        got, bad = read(values)
        if bad:
            screen.redraw(f"Refused: {bad[0]}")
            return
        screen.edit("Options", E.set_options, got)

    screen.app.push_screen(FieldsDialog(f"Options of this {screen.draft.ruleset} scenario", shown, check), answered)


def resize(screen: EditorScreen) -> None:
    d = screen.draft
    shown = [Field("width", "Width", str(d.width), "1 to 200 hexes"), Field("height", "Height", str(d.height), "1 to 200 hexes")]

    def answered(v):
        if v is None:
            return
        if not (v["width"].strip().isdigit() and v["height"].strip().isdigit()):
            screen.redraw("Refused: the size is two whole numbers")
            return
        screen.edit(f"Resized to {v['width'].strip()}x{v['height'].strip()}", E.resize, int(v["width"]), int(v["height"]))

    screen.app.push_screen(FieldsDialog("The map's size (what falls off the edge is dropped; u brings it back)", shown),
                           answered)
