"""The status line: fields set in any subset, a fixed cursor field, literal text, minimal repaints."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.status_line import StatusLine


class StatusHost(App):
    def compose(self) -> ComposeResult:
        yield StatusLine()


def spy_refresh(widget) -> list[tuple]:
    calls: list[tuple] = []
    original = widget.refresh

    def spy(*regions, **kwargs):
        calls.append(regions)
        return original(*regions, **kwargs)

    widget.refresh = spy
    return calls


async def test_fields_show_in_order_on_one_row():
    app = StatusHost()
    async with app.run_test(size=(80, 5)) as pilot:
        status = app.query_one(StatusLine)
        status.set_fields(turn=3, phase="orders", deciding="Red Army", message="Lancers moved", cursor="4,2 Forest")
        await pilot.pause()
        text = status.text
        assert len(text) == 80
        assert text.index("Turn 3") < text.index("orders") < text.index("Red Army") < text.index("Lancers moved")
        assert "| 4,2 Forest" in text
        assert status.region.height == 1


async def test_a_subset_leaves_the_other_fields_alone_and_empty_text_clears():
    app = StatusHost()
    async with app.run_test(size=(80, 5)):
        status = app.query_one(StatusLine)
        status.set_fields(turn=1, phase="draw", message="hello")
        status.set_fields(message="next")
        assert status.fields["turn"] == "1" and status.fields["phase"] == "draw"
        assert "next" in status.text and "hello" not in status.text
        status.set_fields(message="")
        assert "next" not in status.text


async def test_the_cursor_field_keeps_its_place_whatever_the_message():
    app = StatusHost()
    async with app.run_test(size=(80, 5)):
        status = app.query_one(StatusLine)
        status.set_fields(message="short", cursor="1,1 Open")
        where = status.text.index("1,1 Open")
        status.set_fields(message="a much longer message than before, long enough to be cut " * 2)
        assert status.text.index("1,1 Open") == where
        assert len(status.text) == 80


async def test_a_cursor_change_repaints_only_the_changed_cells():
    app = StatusHost()
    async with app.run_test(size=(80, 5)) as pilot:
        status = app.query_one(StatusLine)
        status.set_fields(turn=2, phase="move", deciding="Blue", message="ready", cursor="4,2 Open ground")
        await pilot.pause()
        calls = spy_refresh(status)
        status.set_fields(cursor="5,2 Open ground")
        assert len(calls) == 1 and len(calls[0]) == 1
        region = calls[0][0]
        assert region.width == 1 and status.text[region.x] == "5"
        calls.clear()
        status.set_fields(cursor="5,2 Open ground")
        assert calls == []


async def test_text_is_literal_markup_and_escapes_are_shown_not_obeyed():
    app = StatusHost()
    async with app.run_test(size=(80, 5)) as pilot:
        status = app.query_one(StatusLine)
        status.set_fields(message="[bold red]boom[/]\x1b[2J\x07", cursor="[link=x]y")
        await pilot.pause()
        text = status.text
        assert "[bold red]boom[/]^[[2J?" in text
        assert "[link=x]y" in text
        assert "\x1b" not in text
        line = status.render_line(0)
        assert "\x1b" not in line.text and not any(s.style and s.style.link for s in line)


async def test_a_narrow_terminal_cuts_fields_without_breaking_the_row():
    app = StatusHost()
    async with app.run_test(size=(30, 5)) as pilot:
        status = app.query_one(StatusLine)
        status.set_fields(turn=12, phase="fire", deciding="Red", message="x" * 50, cursor="10,12 Forest h3")
        await pilot.pause()
        assert len(status.text) == 30
        assert status.text.startswith(" Turn 12")
