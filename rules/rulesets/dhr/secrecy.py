"""Who may see each field of DHR's state (rules/secrecy.py): everything on the table. The only secret
is the bag's draw order, and the state holds none: the bag is kept sorted and each chip is pulled by a
die roll at the moment it is drawn ("Mix and pull a random poker chip")."""

from __future__ import annotations

from rules.secrecy import Declaration, nobody, public

DECLARATION = Declaration({
    "DHRState": {**public(
        "ruleset dice scenario board sides units options victory max_turns turn phase active_side result bag "
        "set_aside chip eligible active_unit activated selections mp_left attacked fired failed_step cast "
        "crew_checked wrecks smoke"), "seed": nobody()},
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
})
