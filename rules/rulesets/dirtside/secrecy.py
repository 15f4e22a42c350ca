"""Who may see each field of Dirtside's state (rules/secrecy.py; DS2 docs: 'Hidden information'): the
enemy's Unit Leader, the warheads of its cruise missiles (on the launcher and in flight; how many is
seen) and which target chit is real are secret. The chit pool is public: all chits return after each
hit, so it is always the full 119 in canonical order between hits, and a draw's order lives only in the
seeded dice."""

from __future__ import annotations

from rules.secrecy import Declaration, nobody, owner, public

DECLARATION = Declaration({
    "DSState": {**public(
        "ruleset dice scenario board sides units options victory max_turns turn phase active_side result pool "
        "order current moved spent acted running flying passes missions flights launched rubble fired "
        "turn_ended clouds wind mines bridges zad_done popup no_offensive ground_zero biochem_used mined "
        "positions follow_through followed follow_from paused"), "seed": nobody()},
    "Board": public("width height terrain elevation features edges glyphs"),
    "HexFeature": public("at feature"),
    "EdgeFeature": public("at side feature"),
    "Side": public("id name"),
    "DSUnit": public("id side name kind at eliminated stats start_size"),
    "DSStats": {**public(
        "quality leadership confidence role elements facing limbered dug_in hull_down off_table artillery "
        "cbr orbital launchers smoke dmr nukes biochem activated under_fire panic sensors lost_any "
        "tested_panic arrived home aboard drop command wingman evasive smoked mode forced_low"),
        "leader": owner(), "missiles": owner(each=True)},
    "Element": public(
        "name kind design troop team gms lost damaged immobilised systems_down ammo air_damage dfo "
        "mine_loads"),
    "Design": public(
        "size armour armour_kind mobility amphibious power emplacement weapons fc fcs ecm pds ads sam lad "
        "apfc stealth extra_apsw artillery ammo cbr supply decoys aam backup carries_teams dischargers "
        "dfo towed sealed aev minelayer bridge carries_powered walker"),
    "Weapon": public("type cls mount barrels guidance"),
    "VictoryCondition": public("kind side hexes turn fraction text"),
    "GameResult": public("winner reason turn"),
    "ChitPool": public("chits"),
    "Mission": public("side battery at munition sheaf called_turn observer"),
    # Every chit looks the same to the enemy: which one is the target is unknown to it.
    "Flight": {**public("id side launcher chits launched"), "target": owner(), "warhead": owner()},
    "Cloud": public("hexes source"),
    "Minefield": public("id at jumping armed layer"),
    "Bridge": public("a b cls layer"),
    "Pause": public("kind actor reactor prompt data"),
})
"""A unit's stats belong to the unit's side, a flight to its `side`."""
