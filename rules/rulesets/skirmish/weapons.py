"""The weapon table of text #6 with every trait, the CQC weapon modifiers (#5B) and armour (#6 Damage)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Trait = Literal["cqc", "assault", "bulky", "heavy", "spray"]
Fire = Literal["semi", "pump", "bolt"]
Attachment = Literal["sniper_scope", "acog", "bipod"]
Armour = Literal["none", "light", "medium", "heavy"]

TRAITS: dict[str, str] = {
    "cqc": "CQC: can be used without penalty in CQC",
    "assault": "Assault: -1 TN to hit at 6\" or less (SKIRM-A03)",
    "bulky": "Bulky: +1 TN if it moves and fires",
    "heavy": "Heavy: may not move and fire; -1\" move",
    "spray": "Spray: -2 TN to hit (SKIRM-A03)",
    "semi": "Semiauto: 2 shots at effective range at targets within 6\" of each other, or 1 at long range",
    "pump": "Pump: one shot, no movement penalty",
    "bolt": "Bolt action: one shot, +1 TN if moved",
    "auto": "Auto (x): 2/1 semi mode, or suppressive fire: x hit rolls in a 6\" area at +2 TN",
    "sniper_scope": "Sniper scope: a single shot without moving may re-roll a miss beyond 6\"; Bulky",
    "acog": "4x/ACOG scope: a single shot without moving may re-roll a miss beyond 6\" up to effective range",
    "bipod": "Bipod: not moved, +1 TN at long range instead of +2; Bulky",
}


class Weapon(BaseModel):
    """One row of the weapon table (text #6)."""

    model_config = ConfigDict(frozen=True)
    name: str
    effective: int
    long: int | None
    """The end of long range; None for '-': long range without a maximum (SKIRM-A09)."""
    fire: Fire
    auto: int = 0
    """Auto (x): hit rolls of suppressive fire; 0 without the trait."""
    damage: int
    damage_far: int | None = None
    """The shotgun's second damage, beyond 12" (SKIRM-A10)."""
    traits: frozenset[Trait] = frozenset()

    def rof(self, long: bool) -> int:
        """Shots of one attack in semi mode: 2/1 Semi, 1 Pump, 1 Bolt."""
        return 2 if self.fire == "semi" and not long else 1

    def damage_at(self, distance: int) -> int:
        """'7/3 damage depends on range': 7 up to 12", 3 beyond (SKIRM-A10)."""
        if self.damage_far is not None and distance > 12:
            return self.damage_far
        return self.damage

    def in_range(self, distance: int) -> bool:
        return self.long is None or distance <= self.long


WEAPONS: dict[str, Weapon] = {
    "pistol": Weapon(name="Pistol (9mm)", effective=6, long=12, fire="semi", damage=4, traits=frozenset({"cqc"})),
    "smg": Weapon(name="SMG/PDW", effective=12, long=24, fire="semi", auto=3, damage=4,
                  traits=frozenset({"assault"})),
    "shotgun": Weapon(name="Shotgun", effective=12, long=18, fire="pump", damage=7, damage_far=3,
                      traits=frozenset({"assault", "spray"})),
    "carbine": Weapon(name="Carbine/AR", effective=24, long=None, fire="semi", auto=3, damage=5),
    "dmr": Weapon(name="DMR/Battle rifle", effective=30, long=None, fire="semi", damage=6,
                  traits=frozenset({"bulky"})),
    "saw": Weapon(name="SAW/LSW", effective=24, long=None, fire="semi", auto=4, damage=5,
                  traits=frozenset({"bulky"})),
    "lmg": Weapon(name="LMG", effective=30, long=None, fire="semi", auto=4, damage=6, traits=frozenset({"heavy"})),
    "sniper": Weapon(name="Sniper rifle .308", effective=36, long=None, fire="bolt", damage=7,
                     traits=frozenset({"bulky"})),
    "amr": Weapon(name="AM .50 Rifle", effective=36, long=None, fire="bolt", damage=8, traits=frozenset({"heavy"})),
}
"""Text #6's table. '2/1 (3Auto)' is Semi with Auto 3; '4Auto' is Auto 4, usable as 2/1 semi ('Auto (x)')."""

CALIBRES: dict[str, int] = {"9mm": 4, "10mm": 5, ".45ACP": 5, "5.56mm": 5, "7.62mm": 6, ".300": 7, ".308": 7,
                            ".338": 7, ".50": 8}
"""Text #6 'Damage' by calibre (the table's damage column uses them)."""

ARMOUR: dict[str, int] = {"none": 0, "light": 1, "medium": 2, "heavy": 3}
"""Text #6: 'Light armour +1TN penalty (police vest) ... Heavy armour +3TN penalty'."""


class MeleeWeapon(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    cqc: int
    """TN modifier in CQC (text #5B)."""
    bonus: int
    """Added to Physique for the wound roll (text #5B; SKIRM-A26)."""


MELEE: dict[str, MeleeWeapon] = {
    "knife": MeleeWeapon(name="knife", cqc=0, bonus=1),
    "bayonet": MeleeWeapon(name="bayonet", cqc=0, bonus=1),
    "improvised": MeleeWeapon(name="improvised weapon", cqc=0, bonus=1),
    "katana": MeleeWeapon(name="katana", cqc=-1, bonus=2),
    "axe": MeleeWeapon(name="axe", cqc=-1, bonus=2),
    "specialist": MeleeWeapon(name="specialist melee weapon", cqc=-1, bonus=2),
}
"""'-1 bonus if using katana, axe or specialist melee weapon; 0 if ... knife/bayonet/improvised'; the knife's +1
damage is the text's; +2 for the -1 weapons is this project's scenario data (SKIRM-A26)."""


def traits_of(weapon: Weapon, attachments: list[str] | tuple[str, ...]) -> frozenset[str]:
    """The weapon's traits with its attachments: a sniper scope or a bipod makes it Bulky ("Gives weapons Bulky if
    they do not have it already"), a Heavy one too (it may not move and fire, so only the trait shows)."""
    traits = set(weapon.traits)
    if "sniper_scope" in attachments or "bipod" in attachments:
        traits.add("bulky")
    return frozenset(traits)


def cqc_firearm_modifier(weapon_id: str) -> int:
    """'0 if using a 1H firearm/pistol; +1 penalty if using a SMG or short assault weapon; +2 ... full-size rifle
    or LMG' (text #5B); Bulky/Heavy add nothing more (SKIRM-A24)."""
    traits = WEAPONS[weapon_id].traits
    if "cqc" in traits:
        return 0
    if "assault" in traits:
        return 1
    return 2


def cqc_firearm_damage(weapon_id: str, physique: int) -> int:
    """'using melee weapon bonus + physique or calibre of pistol/SMG for the Damage' (text #5B)."""
    if weapon_id in ("pistol", "smg"):
        return WEAPONS[weapon_id].damage
    return physique
