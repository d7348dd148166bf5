"""Every rule a sentence or a refusal cites, marked for the catalog.

The code names a rule by its English title (``"2.3 Attack"``), passed and
compared as it is, as the notation is; :func:`~.language.cite` says it in the
language of the moment, the Portuguese catalog with the Portuguese
rulebook's own titles (whose setup steps are lettered one further from H on:
its H is the quick-rules cards). The refusals that no rulebook section makes
(a save file, a widget message) cite what they are about.
``tests/test_language.py`` checks that every rule a game cites is here.
"""

from __future__ import annotations

from typing import Final

from .catalog import N_

RULEBOOK: Final = (
    N_("Setup"),
    N_("Setup A"),
    N_("Setup B"),
    N_("Setup C"),
    N_("Setup D"),
    N_("Setup E"),
    N_("Setup F"),
    N_("Setup G"),
    N_("Setup H"),
    N_("Setup I: Choose starting zones"),
    N_("Phase 1: Morning"),
    N_("Phase 2: Afternoon"),
    N_("2.1 Acquire a minion"),
    N_("Champions Hall"),
    N_("2.2 Free actions"),
    N_("Power Relics"),
    N_("Buy Power Relics"),
    N_("Command"),
    N_("2.3 Lie down one troop to perform one troop action"),
    N_("2.3 Move this troop"),
    N_("2.3 Rest one of your minions"),
    N_("Repair your fortress"),
    N_("2.3 Gain 1 gold"),
    N_("2.3 Attack"),
    N_("2.3 The defender's response"),
    N_("Combat outcome"),
    N_("Combat outcome: the fortress is damaged"),
    N_("Hidden treasure"),
    N_("Loot a fortress"),
    N_("Phase 3: Night"),
    N_("3.1 Discard all active Power Relics"),
    N_("3.2 Renew the Mercenary Pool"),
    N_("3.3 Collect protection fee"),
    N_("3.4 Raid the town"),
    N_("Rebels retaliate"),
    N_("3.5 Rest all minions once"),
    N_("Final scoring"),
    N_("Editions"),
    N_("Solo mode"),
    N_("Solo setup"),
    N_("Solo: the dummy player"),
)

#: What a refusal that is no rule of the game is about.
OTHERS: Final = (
    N_("analysis"),
    N_("bots"),
    N_("cards"),
    N_("chance"),
    N_("copy"),
    N_("drawing"),
    N_("history"),
    N_("language"),
    N_("notation"),
    N_("players"),
    N_("position"),
    N_("record"),
    N_("redo"),
    N_("save file"),
    N_("scenario"),
    N_("study board"),
    N_("study file"),
    N_("tournament"),
    N_("troops"),
    N_("undo"),
    N_("widget"),
    N_("widget message"),
)
