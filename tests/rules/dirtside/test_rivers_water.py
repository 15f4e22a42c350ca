

def test_combat_walkers_wade_but_may_not_fire_and_transport_walkers_may_not_enter():
    from rules.rulesets.dirtside import combat
    walker = tank("W", mobility="walker_combat", power="fgp", walker=True)
    state = water_game([walker])
    u = state.units["u"]
    assert mv.hex_cost(state, u, at(6, 8), False) == 2
    u.at = at(6, 8)
    state.units["r"].at = at(9, 8)
    assert "wading in open water" in combat.can_fire(state, u, state.units["r"])
    carrier = tank("TW", mobility="walker_transport", power="fgp", walker=True)
    assert mv.hex_cost(*_u(water_game([carrier])), at(6, 8), False) is None
