"""Who may see each field of QUAD's state (rules/secrecy.py): a side sees its own hand and every discard
pile; of the other hands and of every deck only how many cards (each card UNKNOWN), never which."""

from __future__ import annotations

from rules.secrecy import Declaration, nobody, owner, public

DECLARATION = Declaration({
    "QuadState": {**public(
        "paused ruleset dice scenario board sides units options victory max_turns turn phase active_side "
        "result piles order to_draw played passes shuffles retreats turn_ended"), "seed": nobody()},
    "Pause": public("kind actor reactor prompt data"),
    "Board": public("width height terrain elevation features edges glyphs"),
    "HexFeature": public("at feature"),
    "EdgeFeature": public("at side feature"),
    "QuadSide": public("id name leader"),
    "QuadUnit": public("id side name kind at eliminated stats start_quality rank"),
    "QuadStats": public("quality speed attack defense specials ranged"),
    "VictoryCondition": public("kind side hexes turn fraction text"),
    "GameResult": public("winner reason turn"),
    "Pile": {**public("discard removed"), "deck": nobody(each=True), "hand": owner(each=True)},
    "Card": public("id rank kind unit"),
    "PendingRetreat": public("unit away_from hexes path"),
})
"""A pile belongs to the side whose id keys it in `piles`."""
