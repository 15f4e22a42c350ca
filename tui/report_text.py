"""The after-action report as tables: plain text (the screen beside its charts, `--plain`, screen
readers) and Markdown (`hexwar report FILE --out report.md`). No Textual here."""

from __future__ import annotations

from rules.after_action import Report, lead

Table = tuple[str, list[str], list[list[str]]]
"""(title, header, rows)."""


def _num(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:g}" if x == int(x) else f"{x:.1f}"


def tables(report: Report) -> list[Table]:
    """Every table of the report, in the order shown."""
    ids = [sid for sid, _ in report.sides]
    names = dict(report.sides)
    out: list[Table] = []
    header = ["turn"] + [f"{names[s]} units (lost)" for s in ids]
    out.append(("Losses by turn", header, [
        [str(r.turn)] + [f"{r.sides[s].units} ({r.sides[s].losses})" for s in ids] for r in report.rows]))
    out.append(("Strength by turn", ["turn"] + [names[s] for s in ids], [
        [str(r.turn)] + [_num(r.sides[s].strength) for s in ids] for r in report.rows]))
    if report.rows and any(r.sides[s].objectives is not None for r in report.rows for s in ids):
        out.append(("Objective hexes held by turn", ["turn"] + [names[s] for s in ids], [
            [str(r.turn)] + [_num(r.sides[s].objectives) for s in ids] for r in report.rows]))
    if report.rows and any(r.sides[s].score is not None for r in report.rows for s in ids):
        header = ["turn"] + [names[s] for s in ids]
        two = len(ids) == 2
        if two:
            header.append("lead")
        out.append(("Who was ahead (the computer's evaluation)", header, [
            [str(r.turn)] + [_num(r.sides[s].score) for s in ids] + ([_num(lead(r, ids))] if two else [])
            for r in report.rows]))
    if len(ids) == 2 and out[-1][0].startswith("Who was ahead"):
        out[-1] = (out[-1][0] + f"; lead: {names[ids[0]]} less {names[ids[1]]}", *out[-1][1:])
    out.append(("Luck: tested rolls against the exact odds", ["side", "rolls", "dice", "expected", "rolled", "verdict"], [
        [names[s], str(lk.rolls), str(lk.dice), f"{lk.expected:.1f}", str(lk.rolled), lk.verdict()]
        for s, lk in report.luck.items()]))
    return out


def heading(report: Report) -> list[str]:
    lines = [f"After-action report: {report.title}", f"Seen as: {report.eyes}"]
    if report.result:
        lines.append(f"Result: {report.result}")
    else:
        lines.append("The game is still in progress.")
    return lines


def plain_table(table: Table) -> list[str]:
    """A table in aligned columns of plain text."""
    title, header, rows = table
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)]
    line = lambda cells: "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    return [title, line(header), *(line(r) for r in rows)]


def plain(report: Report) -> str:
    out = heading(report)
    for table in tables(report):
        out += ["", *plain_table(table)]
    return "\n".join(out) + "\n"


def _md_cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(report: Report) -> str:
    head = heading(report)
    out = [f"# {_md_cell(head[0])}", "", *(f"{_md_cell(h)}  " for h in head[1:])]
    for title, header, rows in tables(report):
        out += ["", f"## {_md_cell(title)}", "", "| " + " | ".join(_md_cell(h) for h in header) + " |",
                "|" + "---|" * len(header)]
        out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"
