"""Who may see each field of each rule set's state (issue 26 item 9): one declaration per field.

Every field of every model reachable from a rule set's state (its units, their
stats, its sides, its cards, flights, blinds...) is declared here: PUBLIC (every
seat sees it), OWNER (only the side it belongs to: the rule set's `view` hides
it from the others, and `hidden_from` changes it) or NOBODY (no seat: the
dice's seed, a deck's order). tests/rules/test_field_secrecy.py fails when a
model gains a field that is not declared, so a new field is a decision, not a
leak by default (the Dirtside warheads were one: `stats.missiles`).
"""

from __future__ import annotations

PUBLIC, OWNER, NOBODY = "public", "owner", "nobody"

SECRET_WHILE: dict[tuple[str, str], str] = {("hundred_wars", "HwUnit"): "blind"}
"""A model whose secret fields are secret only while this field of it is true (a blind's contents)."""


def public(names: str) -> dict[str, str]:
    return {name: PUBLIC for name in names.split()}


DECLARED: dict[str, dict[str, dict[str, str]]] = {
    "dhr": {
        "DHRState": {**public(
            "ruleset dice scenario board sides units options victory max_turns turn phase active_side result bag "
            "set_aside chip eligible active_unit activated selections mp_left attacked fired failed_step cast "
            "crew_checked wrecks smoke"), "seed": NOBODY},
        "Board": public("width height terrain elevation features edges glyphs"),
        "HexFeature": public("at feature"),
        "EdgeFeature": public("at side feature"),
        "DHRSide": public("id name players commander"),
        "DHRUnit": public(
            "id side name kind at eliminated stats figures start_figures wounds attached_to artillery air "
            "mp_lost weapon_out rating_loss"),
        "DHRStats": public(
            "troop figures rating mp mounted weapons melee melee_attack armour helmet shield vehicle "
            "armour_dice crew_served special spells toughness strike_rating attached_to artillery air"),
        "Weapon": public("name range rof count attack armament line area light untenable crew_served"),
        "SpellData": public("name range dice area light armour attack"),
        "VictoryCondition": public("kind side hexes turn fraction text"),
        "GameResult": public("winner reason turn"),
    },
    "dirtside": {
        "DSState": {**public(
            "ruleset dice scenario board sides units options victory max_turns turn phase active_side result pool "
            "order current moved spent acted running flying passes missions flights launched rubble fired "
            "turn_ended clouds wind mines bridges zad_done popup no_offensive ground_zero biochem_used mined "
            "positions follow_through followed follow_from paused"), "seed": NOBODY},
        "Board": public("width height terrain elevation features edges glyphs"),
        "HexFeature": public("at feature"),
        "EdgeFeature": public("at side feature"),
        "Side": public("id name"),
        "DSUnit": public("id side name kind at eliminated stats start_size"),
        "DSStats": {**public(
            "quality leadership confidence role elements facing limbered dug_in hull_down off_table artillery "
            "cbr orbital launchers smoke dmr nukes biochem activated under_fire panic sensors lost_any "
            "tested_panic arrived home aboard drop command wingman evasive smoked mode forced_low"), "leader": OWNER, "missiles": OWNER},
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
        "Flight": {**public("id side launcher chits launched"), "target": OWNER, "warhead": OWNER},
        "Cloud": public("hexes source"),
        "Minefield": public("id at jumping armed layer"),
        "Bridge": public("a b cls layer"),
        "Pause": public("kind actor reactor prompt data"),
    },
    "hundred_wars": {
        "HwState": {**public(
            "ruleset dice scenario board sides units options victory max_turns turn phase active_side result "
            "hex_cm order step rolls pieces_left placing shaping edges terrain_rolls pips psi_used psi_phase "
            "psi_mobile jammed ecm_used paused ecm_teleport tp_blocked ecm_ads ads_cut fired_at pending "
            "agreed_end teleported army_lists viewer"), "seed": NOBODY},
        "Board": public("width height terrain elevation features edges glyphs"),
        "HexFeature": public("at feature"),
        "EdgeFeature": public("at side feature"),
        "HwSide": public("id name"),
        "HwUnit": {**public(
            "id side name kind at eliminated stats start blind level mode facing speed counter counter_attack "
            "counter_level moved fired repaired locked buffer carried destroyed_by"), "contents": OWNER, "dummy": OWNER,
            "walked": OWNER, "imitates": OWNER},
        "HwStats": public(
            "move weapons cqb armour orders orders_range large mobile top_armour mine_proof all_round "
            "rear_armour psionic psionic_range teleport teleport_range ecm ecm_range ads ads_fire ads_range "
            "field_repairs carry blind"),
        "Movement": public("mode factor mobile"),
        "Weapon": public("fire range kind"),
        "VictoryCondition": public("kind side hexes turn fraction text"),
        "GameResult": public("winner reason turn"),
        "PieceUnderWay": public("terrain hexes"),
        "Pause": public("kind actor reactor prompt data"),
        "PendingDamage": public("units damage allocator why"),
    },
    "quad": {
        "QuadState": {**public(
            "paused ruleset dice scenario board sides units options victory max_turns turn phase active_side "
            "result piles order to_draw played passes shuffles retreats turn_ended"), "seed": NOBODY},
        "Pause": public("kind actor reactor prompt data"),
        "Board": public("width height terrain elevation features edges glyphs"),
        "HexFeature": public("at feature"),
        "EdgeFeature": public("at side feature"),
        "QuadSide": public("id name leader"),
        "QuadUnit": public("id side name kind at eliminated stats start_quality rank"),
        "QuadStats": public("quality speed attack defense specials ranged"),
        "VictoryCondition": public("kind side hexes turn fraction text"),
        "GameResult": public("winner reason turn"),
        "Pile": {**public("discard removed"), "deck": NOBODY, "hand": OWNER},
        "Card": public("id rank kind unit"),
        "PendingRetreat": public("unit away_from hexes path"),
    },
    "skirmish": {
        "SkirmState": {**public(
            "paused ruleset dice scenario board sides units options victory max_turns turn phase active_side "
            "result acting melee nominated horde_stop morale_broken home_edge turn_ended"), "seed": NOBODY},
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
    },
}
