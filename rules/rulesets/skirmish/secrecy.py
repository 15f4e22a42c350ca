"""Who may see each field of the skirmish's state (rules/secrecy.py): everything, every model and token
is on the table (text #2); only the dice's seed is no seat's."""

from __future__ import annotations

from rules.secrecy import Declaration, nobody, public

DECLARATION = Declaration({
    "SkirmState": {**public(
        "paused ruleset dice scenario board sides units options victory max_turns turn phase active_side "
        "result acting melee nominated horde_stop morale_broken home_edge turn_ended"), "seed": nobody()},
    "Pause": public("kind actor reactor prompt data"),
    "Board": public("width height terrain elevation features edges glyphs"),
    "HexFeature": public("at feature"),
    "EdgeFeature": public("at side feature"),
    "Side": public("id name"),
    "SkirmUnit": public(
        "id side name kind at eliminated stats facing downed suppressed fleeing overwatch activated fled "
        "shot_on_overwatch hurt_this_turn"),
    "SkirmStats": public(
        "skill willpower shooting cqc physique agility defence move weapon attachments melee armour "
        "leader"),
    "VictoryCondition": public("kind side hexes turn fraction text"),
    "GameResult": public("winner reason turn"),
    "Acting": public("unit grade moves moved shot lost man_down"),
    "PendingMelee": public("winner loser"),
})
