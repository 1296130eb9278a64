"""Pairing: Swiss by minimum-cost matching (eoc and papp presets), round robin, finals."""

from ratinglist.pairing.explain import PairExplanation, PairingExplanation, explain_pairing
from ratinglist.pairing.matching import Backend, min_cost_perfect_matching
from ratinglist.pairing.request import PairingPlayer, PairingRequest, PastGame, Preset
from ratinglist.pairing.round_robin import RoundRobinRound, round_robin
from ratinglist.pairing.swiss import PairingResult, pair_swiss, pairing_cost
from ratinglist.pairing.systems import System, SystemPlan, system_for

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
