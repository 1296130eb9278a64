"""Pairing: Swiss by minimum-cost matching (eoc and papp presets), round robin, finals.

Names are imported on first use (PEP 562), so importing one submodule does not
load every other one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ratinglist import lazy_exports

# `round_robin` is a module and a function: import it now, or importing the module would
# set the package attribute to the module instead of the function.
from ratinglist.pairing.round_robin import RoundRobinRound, round_robin

if TYPE_CHECKING:
    from ratinglist.pairing.explain import PairExplanation, PairingExplanation, explain_pairing
    from ratinglist.pairing.matching import Backend, min_cost_perfect_matching
    from ratinglist.pairing.request import PairingPlayer, PairingRequest, PastGame, Preset
    from ratinglist.pairing.swiss import PairingResult, pair_swiss, pairing_cost
    from ratinglist.pairing.systems import System, SystemPlan, system_for

_WHERE = {
    "PairExplanation": "ratinglist.pairing.explain",
    "PairingExplanation": "ratinglist.pairing.explain",
    "explain_pairing": "ratinglist.pairing.explain",
    "Backend": "ratinglist.pairing.matching",
    "min_cost_perfect_matching": "ratinglist.pairing.matching",
    "PairingPlayer": "ratinglist.pairing.request",
    "PairingRequest": "ratinglist.pairing.request",
    "PastGame": "ratinglist.pairing.request",
    "Preset": "ratinglist.pairing.request",
    "PairingResult": "ratinglist.pairing.swiss",
    "pair_swiss": "ratinglist.pairing.swiss",
    "pairing_cost": "ratinglist.pairing.swiss",
    "System": "ratinglist.pairing.systems",
    "SystemPlan": "ratinglist.pairing.systems",
    "system_for": "ratinglist.pairing.systems",
}


__getattr__ = lazy_exports(globals(), _WHERE)


__all__ = [
    "Backend",
    "PairExplanation",
    "PairingExplanation",
    "PairingPlayer",
    "PairingRequest",
    "PairingResult",
    "PastGame",
    "Preset",
    "RoundRobinRound",
    "System",
    "SystemPlan",
    "explain_pairing",
    "min_cost_perfect_matching",
    "pair_swiss",
    "pairing_cost",
    "round_robin",
    "system_for",
]
