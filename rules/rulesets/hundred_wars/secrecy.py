"""Who may see each field of Hundred Wars' state (rules/secrecy.py): what a blind is. While a unit is a
blind, other sides see it on the table, never its units, whether it is a dummy or what a dummy imitates.
What lets them count (units still under blinds, their pips, blinds still to come, how many dummies) is
removed by the view itself (view.py): a declaration of one field cannot remove a whole unit."""

from __future__ import annotations

from rules.secrecy import Declaration, nobody, owner, public

DECLARATION = Declaration({
    "HwState": {**public(
        "ruleset dice scenario board sides units options victory max_turns turn phase active_side result "
        "hex_cm order step rolls pieces_left placing shaping edges terrain_rolls pips psi_used psi_phase "
        "psi_mobile jammed ecm_used paused ecm_teleport tp_blocked ecm_ads ads_cut fired_at pending "
        "agreed_end teleported army_lists viewer"), "seed": nobody()},
    "Board": public("width height terrain elevation features edges glyphs"),
    "HexFeature": public("at feature"),
    "EdgeFeature": public("at side feature"),
    "HwSide": public("id name"),
    # walked is public: a blind's walk (from, to) is seen on the table like its `at`.
    "HwUnit": {**public(
        "id side name kind at eliminated stats start blind level mode facing speed counter counter_attack "
        "counter_level moved fired repaired locked buffer carried destroyed_by walked"),
        "contents": owner(), "dummy": owner(), "imitates": owner()},
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
}, secret_while={"HwUnit": "blind"})
